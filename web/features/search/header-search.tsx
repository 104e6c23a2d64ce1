import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import classes from './header-search.module.css';

export const SEARCH_LABEL = 'Search';
export const SEARCH_PLACEHOLDER = 'Search courses, lessons, news…';

// The combobox, its query and the results' schema load on first use, not with the shell.
const loadSearch = () => import('./search-combobox');
const SearchCombobox = lazy(() => loadSearch().then((module) => ({ default: module.SearchCombobox })));
const SearchDialog = lazy(() => loadSearch().then((module) => ({ default: module.SearchDialog })));

/**
 * The header's search. On a desktop a plain box stands in until the first focus, hover or `/`
 * loads the combobox, which then takes its place with what was typed and the focus: the swap is a
 * transition, so the stand-in stays usable while the code loads. On a phone an icon button opens
 * the search in a dialog.
 */
/** `className` sizes it in the header's row: on a phone only the button shows, at its end. */
export function HeaderSearch({ className }: { className?: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [draft, setDraft] = useState('');
  const [standInFocused, setStandInFocused] = useState(false);
  const [dialog, setDialog] = useState<'closed' | 'open' | 'never'>('never');

  const load = () => startTransition(() => setLoaded(true));

  // `/` anywhere but in a field goes to the search, as on many sites.
  useEffect(() => {
    function handleShortcut(event: KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      const target = event.target;
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable || target.closest('input, textarea, select'))
      )
        return;
      event.preventDefault();
      const box = boxRef.current;
      // Below the `sm` breakpoint the box is hidden and the button opens the dialog instead.
      if (box && getComputedStyle(box).display !== 'none') box.querySelector('input')?.focus();
      else setDialog('open');
    }
    window.addEventListener('keydown', handleShortcut);
    return () => window.removeEventListener('keydown', handleShortcut);
  }, []);

  const standIn = (
    <TextInput
      type="search"
      aria-label={SEARCH_LABEL}
      aria-keyshortcuts="/"
      autoComplete="off"
      placeholder={SEARCH_PLACEHOLDER}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onFocus={() => {
        setStandInFocused(true);
        load();
      }}
      onBlur={() => setStandInFocused(false)}
      onPointerEnter={load}
    />
  );

  return (
    <Box role="search" className={className}>
      <Box ref={boxRef} visibleFrom="sm" className={classes.desktop}>
        <Suspense fallback={standIn}>
          {loaded ? <SearchCombobox initialValue={draft} autoFocus={standInFocused} /> : standIn}
        </Suspense>
      </Box>
      <ActionIcon
        hiddenFrom="sm"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={SEARCH_LABEL}
        aria-haspopup="dialog"
        onClick={() => setDialog('open')}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      {dialog !== 'never' && (
        <Suspense fallback={null}>
          <SearchDialog opened={dialog === 'open'} onClose={() => setDialog('closed')} />
        </Suspense>
      )}
    </Box>
  );
}

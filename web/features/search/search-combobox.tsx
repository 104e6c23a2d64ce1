import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Modal, Paper, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { SearchResponse, SearchResult } from '../../../common/search';
import { useSearch } from './api';
import { groupResults } from './group-results';
import { Highlighted, highlightWords } from './highlight';
import { SEARCH_LABEL, SEARCH_PLACEHOLDER } from './header-search';
import classes from './search.module.css';

export const SEARCH_UNAVAILABLE = 'Search is unavailable';

const noResults = (q: string) => `No results for "${q}"`;
const resultCount = (n: number) => (n === 1 ? '1 result' : `${n} results`);

/** The blog is the server-rendered site's: only a full page load reaches it. */
const isSitePage = (url: string) => url === '/blog' || url.startsWith('/blog/') || /^https?:/.test(url);

export interface SearchComboboxProps {
  /** What was typed into the header's stand-in while this code loaded. */
  initialValue?: string;
  /** Takes the focus when shown (the stand-in had it, or the phone's dialog opened). */
  autoFocus?: boolean;
  /** Shows the results in the flow, under the box (the phone's dialog), not over the page. */
  inline?: boolean;
  /** After a result is chosen (the phone's dialog closes). */
  onChoose?: () => void;
}

/**
 * The header's search as an ARIA combobox (APG "list autocomplete"): the input keeps the focus,
 * Down and Up move the active option through the grouped list (wrapping), Enter opens it, Escape
 * closes the list and a second Escape clears the box. A polite live region says how many results
 * came back.
 */
export function SearchCombobox({ initialValue = '', autoFocus, inline, onChoose }: SearchComboboxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initialValue);
  const [open, setOpen] = useState(initialValue.trim() !== '');
  const { q, query } = useSearch(value);

  const typed = value.trim() !== '';
  // What is shown answers the debounced query; a box emptied since shows nothing at once.
  const response = typed && q !== '' ? query.data : undefined;
  const results = response?.results ?? [];
  const groups = groupResults(results);
  // The options in the order they are shown, which Down and Up follow.
  const shown = groups.flatMap((group) => group.options.map((option) => option.result));
  const words = highlightWords(q, response?.terms);
  const failed = typed && q !== '' && query.isError;
  const expanded = open && results.length > 0;
  // The active option belongs to one answer: a new answer starts with none, and Down picks the first.
  const [cursor, setCursor] = useState<{ response?: SearchResponse; index: number }>({ index: -1 });
  const active = cursor.response === response ? cursor.index : -1;
  const setActive = (index: number) => setCursor({ response, index });

  useEffect(() => {
    if (autoFocus) {
      const input = inputRef.current;
      input?.focus();
      input?.setSelectionRange(input.value.length, input.value.length);
    }
  }, [autoFocus]);

  useEffect(() => {
    if (expanded && active >= 0)
      document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only joins the stable id with the index.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded, active]);

  let status = '';
  if (failed) status = SEARCH_UNAVAILABLE;
  else if (response) status = results.length > 0 ? resultCount(results.length) : noResults(q);

  function choose(result: SearchResult) {
    setOpen(false);
    setActive(-1);
    onChoose?.();
    if (isSitePage(result.url)) window.location.assign(result.url);
    else void navigate(result.url);
  }

  function move(step: 1 | -1) {
    if (!expanded) {
      setOpen(true);
      if (results.length > 0) setActive(step === 1 ? 0 : results.length - 1);
      return;
    }
    if (active < 0) setActive(step === 1 ? 0 : results.length - 1);
    else setActive((active + step + results.length) % results.length);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        const result = expanded && active >= 0 ? shown[active] : undefined;
        if (result) {
          event.preventDefault();
          choose(result);
        }
        break;
      }
      case 'Escape':
        if (open && typed) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value !== '') {
          event.preventDefault();
          setValue('');
        }
        break;
    }
  }

  const panel = open && typed && (response || failed || query.isFetching);
  const dropdown = (
    <Paper
      className={inline ? classes.inlineDropdown : classes.dropdown}
      shadow={inline ? undefined : 'md'}
      withBorder={!inline}
      data-hidden={!panel || undefined}
    >
      <div
        role="listbox"
        id={listboxId}
        aria-label="Search results"
        className={classes.listbox}
        hidden={!expanded}
      >
        {groups.map((group) => (
          <div key={group.type} role="group" aria-labelledby={`${id}-group-${group.type}`}>
            <div id={`${id}-group-${group.type}`} role="presentation" className={classes.groupLabel}>
              {group.label}
            </div>
            {group.options.map(({ result, index }) => (
              <div
                key={`${result.type}-${result.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                data-active={index === active || undefined}
                className={classes.option}
                // The input keeps the focus: a click must not blur it before it lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(result)}
              >
                <Text size="sm" fw={600} truncate="end" component="div">
                  <Highlighted text={result.title} words={words} />
                </Text>
                {result.description && (
                  <Text size="xs" c="dimmed" truncate="end" component="div">
                    <Highlighted text={result.description} words={words} />
                  </Text>
                )}
              </div>
            ))}
          </div>
        ))}
      </div>
      {panel && !expanded && (
        <Text size="sm" c="dimmed" className={classes.message}>
          {failed ? SEARCH_UNAVAILABLE : response ? noResults(q) : 'Searching…'}
        </Text>
      )}
    </Paper>
  );

  return (
    <Box
      className={classes.root}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <TextInput
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label={SEARCH_LABEL}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/"
        autoComplete="off"
        spellCheck={false}
        placeholder={SEARCH_PLACEHOLDER}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value}
        // The phone's dialog closes on Escape unless the box still has a list to close or text to clear.
        data-mantine-stop-propagation={open || value !== '' ? 'true' : undefined}
        data-autofocus={autoFocus || undefined}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={handleKeyDown}
      />
      {dropdown}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {status}
      </VisuallyHidden>
    </Box>
  );
}

/** The phone's search: the same combobox in a full-screen dialog. */
export function SearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={SEARCH_LABEL} fullScreen>
      <SearchCombobox inline autoFocus onChoose={onClose} />
    </Modal>
  );
}

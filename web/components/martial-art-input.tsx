import { useState } from 'react';
import { Autocomplete, type AutocompleteProps } from '@mantine/core';

/** Suggestions only: students of other arts type their own. */
export const MARTIAL_ART_SUGGESTIONS = ['Xingyiquan', 'Taijiquan', 'Baguazhang', 'Other'];

/** True when the text is one of the suggestions as written: the list then has nothing left to offer. */
export function isMartialArtSuggestion(value: string): boolean {
  return MARTIAL_ART_SUGGESTIONS.includes(value.trim());
}

/**
 * The "Martial art" field of sign-up and the profile: the school's arts offered, any text allowed.
 * The list closes on a choice, on Escape and as soon as the text is exactly one of the suggestions,
 * so it does not stay open over the form's buttons.
 */
export function MartialArtInput({
  value,
  defaultValue,
  onChange,
  onDropdownOpen,
  onDropdownClose,
  ...props
}: Omit<AutocompleteProps, 'label' | 'data' | 'dropdownOpened'>) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const [opened, setOpened] = useState(false);
  const text = value ?? uncontrolled;

  return (
    <Autocomplete
      label="Martial art"
      data={MARTIAL_ART_SUGGESTIONS}
      value={text}
      onChange={(next) => {
        setUncontrolled(next);
        onChange?.(next);
      }}
      dropdownOpened={opened && !isMartialArtSuggestion(text)}
      onDropdownOpen={() => {
        setOpened(true);
        onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        setOpened(false);
        onDropdownClose?.();
      }}
      {...props}
    />
  );
}

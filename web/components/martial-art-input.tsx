import { Autocomplete, type AutocompleteProps } from '@mantine/core';

/** Suggestions only: students of other arts type their own. */
export const MARTIAL_ART_SUGGESTIONS = ['Xingyiquan', 'Taijiquan', 'Baguazhang', 'Other'];

/** The "Martial art" field of sign-up and the profile: the school's arts offered, any text allowed. */
export function MartialArtInput(props: Omit<AutocompleteProps, 'label' | 'data'>) {
  return <Autocomplete label="Martial art" data={MARTIAL_ART_SUGGESTIONS} {...props} />;
}

/** Cuts text at `max` characters on a word boundary where one is near, with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "March 4, 2026": the same on the server and in every visitor's browser. */
export function formatPostDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/**
 * Elements whose name comes from `aria-label`: ARIA forbids naming a generic element (a bare div,
 * span or p), and screen readers do not read such a name.
 */
const NAMEABLE_TAGS = new Set([
  'A',
  'ARTICLE',
  'ASIDE',
  'BUTTON',
  'DIALOG',
  'FIELDSET',
  'FORM',
  'IFRAME',
  'IMG',
  'INPUT',
  'NAV',
  'OL',
  'OUTPUT',
  'PROGRESS',
  'SECTION',
  'SELECT',
  'SVG',
  'TABLE',
  'TEXTAREA',
  'UL',
  'VIDEO',
  'AUDIO',
]);

/** The elements in `container` that carry an aria-label ARIA does not allow, as short descriptions. */
export function namedGenericElements(container: HTMLElement): string[] {
  return [...container.querySelectorAll<HTMLElement>('[aria-label]')]
    .filter((element) => !element.hasAttribute('role') && !NAMEABLE_TAGS.has(element.tagName.toUpperCase()))
    .map(
      (element) => `<${element.tagName.toLowerCase()} aria-label="${element.getAttribute('aria-label')}">`,
    );
}

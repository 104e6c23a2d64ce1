import { describe, expect, it } from 'vitest';
import { schemes, siteCssVariables } from './tokens';

/** The declarations of the rule whose selector is `selector`, as a map. */
function declarationsOf(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector}{`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(start + selector.length + 1, css.indexOf('}', start));
  return new Map(
    body
      .split(';')
      .filter(Boolean)
      .map((declaration) => {
        const colon = declaration.indexOf(':');
        return [declaration.slice(0, colon), declaration.slice(colon + 1)] as const;
      }),
  );
}

describe('siteCssVariables', () => {
  const css = siteCssVariables();
  const light = declarationsOf(css, ':root');
  const dark = declarationsOf(css, "[data-mantine-color-scheme='dark']");

  it('declares every family of token on :root', () => {
    for (const prefix of ['--kw-color-', '--kw-font-', '--kw-space-', '--kw-fs-', '--kw-radius-'])
      expect(
        [...light.keys()].some((name) => name.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(light.get('--kw-font-display')).toMatch(/^Fraunces, "Fraunces Fallback Georgia"/);
    expect(light.get('--kw-font-body')).toMatch(/^"Source Sans 3", "Source Sans 3 Fallback"/);
    expect(light.get('--kw-space-md')).toBe('1rem');
    expect(light.get('--kw-fs-h1')).toBe('2.25rem');
    expect(light.get('--kw-radius-md')).toBe('0.5rem');
    expect(light.get('--kw-color-cinnabar-7')).toBe('#b3261e');
  });

  it('gives each role its light colour on :root and its dark colour where the page is dark', () => {
    expect(light.get('--kw-color-page')).toBe(schemes.light.page);
    expect(light.get('--kw-color-text-muted')).toBe(schemes.light.textMuted);
    expect(dark.get('--kw-color-page')).toBe(schemes.dark.page);
    expect(dark.get('--kw-color-primary-text')).toBe(schemes.dark.primaryText);
    // Every role the light scheme names, the dark one overrides; nothing else changes with the scheme.
    const roles = [...light.keys()].filter((name) => /^--kw-color-[a-z-]+$/.test(name) && !/-\d$/.test(name));
    expect([...dark.keys()].filter((name) => name.startsWith('--kw-')).sort()).toEqual(roles.sort());
    expect(light.get('color-scheme')).toBe('light');
    expect(dark.get('color-scheme')).toBe('dark');
  });
});

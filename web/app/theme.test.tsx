import { DEFAULT_THEME, Loader, MantineProvider, mergeMantineTheme } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { schemes } from './tokens';

describe('theme', () => {
  it('gives a spinner the status role, so its label is allowed and read out', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Loader aria-label="Loading reviews" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading reviews' })).toBeTruthy();
  });
});

/** A colour as the resolver writes it (a hex value or `var(--mantine-color-<name>-<shade>)`), as hex. */
function hex(value: string): string {
  const shade = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  if (!shade) return value;
  const [, name, index] = shade;
  return mergeMantineTheme(DEFAULT_THEME, theme).colors[name!]![Number(index)]!;
}

/** WCAG 2 contrast ratio of two hex colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(color.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [high, low] = [luminance(hex(a)), luminance(hex(b))].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('palette', () => {
  const TEXT = ['text', 'textMuted', 'primaryText', 'accentText', 'goldText'] as const;
  const FILLS = [
    ['onPrimary', 'primaryFill'],
    ['onAccent', 'accentFill'],
  ] as const;

  it.each(['light', 'dark'] as const)('gives text that passes WCAG AA in the %s scheme', (name) => {
    const scheme = schemes[name];
    for (const role of TEXT)
      for (const background of ['page', 'surface'] as const)
        expect(contrast(scheme[role], scheme[background]), `${role} on ${background}`).toBeGreaterThanOrEqual(
          4.5,
        );
    for (const [text, fill] of FILLS)
      expect(contrast(scheme[text], scheme[fill]), `${text} on ${fill}`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(scheme.focus, scheme.page), 'focus ring').toBeGreaterThanOrEqual(3);
    expect(contrast(scheme.focus, scheme.surface), 'focus ring on a surface').toBeGreaterThanOrEqual(3);
  });

  it('gives Mantine the palette: its body is the surface, its greys the stone and ink ramps', () => {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const { light, dark } = cssVariablesResolver(merged);
    expect(light['--mantine-color-body']).toBe(schemes.light.surface);
    expect(dark['--mantine-color-body']).toBe(schemes.dark.surface);
    expect(merged.colors.dark[7]).toBe(schemes.dark.surface);
    expect(merged.colors.dark[8]).toBe(schemes.dark.page);
    expect(merged.primaryColor).toBe('jade');
    expect(merged.headings.fontFamily).toMatch(/^Fraunces/);
  });
});

describe('cssVariablesResolver', () => {
  const { light, dark } = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const TEXT = ['--mantine-color-dimmed', '--mantine-color-error', '--mantine-color-placeholder'] as const;
  const LIGHT_BACKGROUNDS = [schemes.light.page, schemes.light.surface, '#ffffff'];
  const DARK_PAGE = 'var(--mantine-color-dark-8)';
  const DARK_SURFACE = 'var(--mantine-color-dark-7)';
  const DARK_CARD = 'var(--mantine-color-dark-6)';

  it('gives text that passes WCAG AA on the light page, its surfaces and inputs', () => {
    for (const name of TEXT)
      for (const background of LIGHT_BACKGROUNDS)
        expect(contrast(light[name]!, background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
    expect(
      contrast(light['--mantine-color-yellow-light-color']!, 'var(--mantine-color-yellow-1)'),
    ).toBeGreaterThanOrEqual(4.5);
    expect(
      contrast(light['--mantine-color-orange-light-color']!, 'var(--mantine-color-orange-1)'),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('gives text that passes WCAG AA on the dark page and its cards, and a focus ring of 3:1', () => {
    for (const name of TEXT)
      for (const background of [DARK_PAGE, DARK_SURFACE, DARK_CARD])
        expect(contrast(dark[name]!, background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark['--kwoon-color-focus']!, DARK_PAGE)).toBeGreaterThanOrEqual(3);
  });

  it('publishes the --kw-* tokens for the app, with the colours of each scheme', () => {
    const { variables } = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    expect(variables['--kw-font-display']).toMatch(/^Fraunces/);
    expect(light['--kw-color-page']).toBe(schemes.light.page);
    expect(dark['--kw-color-page']).toBe(schemes.dark.page);
  });
});

import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { testQueryClient } from '../test/render';
import { fakeMediaQueryList } from '../test/viewport';
import pageScript from '../public/color-scheme.js?raw';
import { AppProviders, COLOR_SCHEME_KEY } from './providers';

/** web/public/color-scheme.js, run as the page runs it from <head>. */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- our own file, run as the browser runs it
const runPageScript = new Function(pageScript) as () => void;

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

/** The system is set to dark until the test ends (the setup's stub answers no to every query). */
function systemPrefersDark() {
  const setupStub = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
  onTestFinished(() => {
    Object.defineProperty(window, 'matchMedia', setupStub);
  });
  Object.defineProperty(window, 'matchMedia', {
    ...setupStub,
    value: (query: string) => fakeMediaQueryList(query, query === '(prefers-color-scheme: dark)'),
  });
}

function renderToggle() {
  render(
    <AppProviders queryClient={testQueryClient()}>
      <ColorSchemeToggle />
    </AppProviders>,
  );
  return screen.getByRole('button', { name: 'Dark theme' });
}

afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

describe('the page script in <head>', () => {
  it('follows the system setting when the reader has chosen nothing', () => {
    runPageScript();
    expect(scheme()).toBe('light');
    systemPrefersDark();
    runPageScript();
    expect(scheme()).toBe('dark');
  });

  it("keeps the reader's choice over the system setting, under the key the app writes", () => {
    systemPrefersDark();
    window.localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    runPageScript();
    expect(scheme()).toBe('light');
  });
});

describe('ColorSchemeToggle', () => {
  it('switches to dark and back; back to the system scheme, it follows the system again', async () => {
    const user = userEvent.setup();
    const toggle = renderToggle();
    expect(scheme()).toBe('light');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    expect(scheme()).toBe('dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');

    await user.click(toggle);
    expect(scheme()).toBe('light');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('auto');
  });

  it('starts dark on a dark system, and stores light when switched', async () => {
    systemPrefersDark();
    const user = userEvent.setup();
    const toggle = renderToggle();
    expect(scheme()).toBe('dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    await user.click(toggle);
    expect(scheme()).toBe('light');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
  });
});

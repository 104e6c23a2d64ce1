import nodeConsole from 'node:console';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { unstubbedCalls } from './render';
import { fakeMediaQueryList } from './viewport';

// A lazily loaded page takes more than the default second to appear while two workers share a
// busy machine; waiting longer costs nothing when it appears at once.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads media queries and observes element sizes; happy-dom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => fakeMediaQueryList(query, false)),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});
Object.defineProperty(globalThis, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});

// Mantine's autosize Textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// Testing Library moves fake timers on while it waits (findBy…, waitFor) when it finds Jest's
// `advanceTimersByTime`; Vitest's fake timers take the same call, so tests use plain fake timers
// and time moves only when a test or a wait moves it.
Object.defineProperty(globalThis, 'jest', {
  configurable: true,
  value: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) },
});

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // Mantine keeps notifications in a store of its module, which outlives the test (and, with the
  // modules shared between files, the file): a toast left over must not show in the next render.
  notifications.clean();
  const unstubbed = unstubbedCalls.splice(0);
  if (unstubbed.length > 0)
    throw new Error(`calls no test stubbed, or stubbed wrongly: ${unstubbed.join(', ')}`);
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/*
 * happy-dom does not load iframe pages and reports each embedded video (a lesson's YouTube
 * player) through Node's own console, which it was handed before the tests' console. That
 * report, and only that one, is dropped; any other error still shows.
 */
const nodeConsoleError = nodeConsole.error.bind(nodeConsole);
nodeConsole.error = (...args: unknown[]) => {
  const [first] = args;
  const iframeNotLoaded =
    first instanceof Error &&
    first.name === 'NotSupportedError' &&
    first.message.includes('Iframe page loading is disabled');
  if (!iframeNotLoaded) nodeConsoleError(...args);
};

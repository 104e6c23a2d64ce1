import { onTestFinished, vi } from 'vitest';

const BASE_FONT_PX = 16;

/** A MediaQueryList that answers `matches` and never changes. */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  };
}

function toPx(value: string, unit: string): number {
  return unit === 'px' ? Number(value) : Number(value) * BASE_FONT_PX;
}

/** Whether a `(min-width: …)` / `(max-width: …)` query (em or px, `and`-joined) holds at `width`. */
function matchesWidth(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(em|px)\)/g)];
  return (
    parts.length > 0 &&
    parts.every(([, bound, value, unit]) =>
      bound === 'min' ? width >= toPx(value!, unit!) : width <= toPx(value!, unit!),
    )
  );
}

/**
 * Media queries answer as at a window `width` px wide, until the test ends (the setup's stub
 * answers no to every query, which reads as a desktop).
 */
export function emulateViewportWidth(width: number): void {
  const setupStub = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
  onTestFinished(() => {
    Object.defineProperty(window, 'matchMedia', setupStub);
  });
  Object.defineProperty(window, 'matchMedia', {
    ...setupStub,
    value: (query: string) => fakeMediaQueryList(query, matchesWidth(query, width)),
  });
}

import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import { userEvent, type Options as UserOptions, type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ApiError } from '../../common/api';
import { User } from '../../common/users';
import { z } from 'zod';
import { cssVariablesResolver, theme } from '../app/theme';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { writeSession } from '../lib/session-storage';

/** The app's query client, its retry policy included, without the waits between retries. */
export function testQueryClient(): QueryClient {
  return createQueryClient({ retryDelay: 0 });
}

/**
 * The app's theme and query defaults, with Mantine in test mode: no portals, no transitions, so
 * dialogs render inline and at once.
 */
export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <MantineProvider
      env="test"
      theme={theme}
      forceColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <Notifications />
      <QueryClientProvider client={queryClient ?? testQueryClient()}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Renders routes in a memory router at `path`, inside the app's providers, with the `user` who
 * acts on them as in a browser (a test with fake timers passes `advanceTimers`). Routes built from
 * the query client (the app's, whose loaders prefetch) get the one the screens use.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  path: string,
  userOptions?: UserOptions,
) {
  notifications.clean();
  const user = userEvent.setup(userOptions);
  const queryClient = testQueryClient();
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [path],
  });
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, user, queryClient };
}

/** A route element that shows the path it was reached at, as an output labelled 'Location'. */
export function Where() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname}</output>;
}

/** A user as the API sends one: built through the shared schema, so it cannot drift from it. */
export function makeUser(overrides: Partial<User> = {}): User {
  return User.parse({
    id: '0b7a6f1e-8d7c-4c36-9a57-1f0f3c1b2a11',
    name: 'Mei Chen',
    email: 'mei@example.com',
    username: 'mei',
    is_admin: false,
    role: 'student',
    avatar: null,
    belt: null,
    city: 'Oakland',
    country: 'USA',
    martial_art: 'Taijiquan',
    experience: 2,
    privacy: { profile: 'public', progress: 'public', courses: 'public' },
    allow_messages: true,
    email_notifications: true,
    current_courses: [],
    current_course: null,
    completed_courses: [],
    progress: 0,
    requires_password_change: false,
    is_active: true,
    deletion_requested: false,
    email_verified: true,
    pending_email: null,
    created_at: '2024-03-01T10:00:00.000Z',
    updated_at: '2024-03-01T10:00:00.000Z',
    ...overrides,
  });
}

export function signInAs(user: User, token = 'test-token'): void {
  writeSession(token, user);
}

/**
 * Calls the app makes on its own whatever the screen: the shell's live event stream, answered
 * as a stream that closed at once (a test about the stream stubs it itself).
 */
const BACKGROUND: Record<string, Handler> = { 'GET /api/events': () => ({}) };

/** The shell's unread count, whoever is signed in: nothing unread unless a test says otherwise. */
const UNREAD_COUNT = /^GET \/api\/users\/[^/]+\/messages\/unread-count$/;
const backgroundFor = (route: string): Handler | undefined =>
  BACKGROUND[route] ?? (UNREAD_COUNT.test(route) ? () => ({ body: { unread_count: 0 } }) : undefined);

/** Calls no test stubbed, and stubs that broke the error contract, since the last check; the setup fails the test that made any. */
export const unstubbedCalls: string[] = [];

type Handler = (request: { method: string; body: unknown; headers: Headers; query: URLSearchParams }) => {
  status?: number;
  body?: unknown;
};

/** The API's error shape (common/api.ts), nothing more, with a code as the server writes them. */
const StubbedError = ApiError.strict().extend({ code: z.string().regex(/^[A-Z][A-Z0-9_]*$/) });

/**
 * A stubbed failure must look like one the server can send, so no test describes an answer that
 * never comes.
 */
export function assertErrorContract(route: string, body: unknown): void {
  const result = StubbedError.safeParse(body);
  if (!result.success) {
    throw new Error(`The stub of ${route} answers an error the API never sends: ${JSON.stringify(body)}`);
  }
}

/**
 * A fetch stub at the network boundary: `routes` maps 'METHOD /api/path' to a handler, and each
 * call is recorded with its whole URL. A call no test stubbed answers 404, so the screen does not
 * hang, and fails the test afterwards (web/test/setup.ts): an expected 404 is stubbed explicitly.
 */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }[] =
    [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    // As the browser does: an aborted call never reaches the server.
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body, headers });
    const handler = routes[`${method} ${url.pathname}`] ?? backgroundFor(`${method} ${url.pathname}`);
    if (!handler) unstubbedCalls.push(`${method} ${url.pathname}${url.search}`);
    const answer = handler
      ? handler({ method, body, headers, query: url.searchParams })
      : { status: 404, body: { error: `Route ${method} ${url.pathname} not found`, code: 'NOT_FOUND' } };
    if ((answer.status ?? 200) >= 400) {
      try {
        assertErrorContract(`${method} ${url.pathname}`, answer.body);
      } catch (error) {
        // Failed afterwards by web/test/setup.ts: thrown here, the screen would take it for a network error.
        unstubbedCalls.push((error as Error).message);
      }
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/*
 * Failures any route can answer, word for word as the server writes them (the error handler in
 * server/platform/errors.ts, the session check in server/platform/auth.ts): a stub answers one of
 * these rather than inventing its own.
 */
export const serverFailure = {
  status: 500,
  body: { error: 'Something went wrong on our side', code: 'INTERNAL' },
};
export const databaseTimeout = {
  status: 503,
  body: { error: 'The request took too long. Please try again later.', code: 'DATABASE_TIMEOUT' },
};
export const sessionExpired = {
  status: 401,
  body: { error: 'Your session has expired. Please sign in again.', code: 'INVALID_TOKEN' },
};

/** A label matcher that ignores Mantine's required asterisk ("Username *"). */
export function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}

/**
 * The input or textarea labelled `label` inside `container`: an Autocomplete's or Select's option
 * list carries the same label, so the first form control wins.
 */
export function field(label: string, container: HTMLElement = document.body): HTMLInputElement {
  const input = within(container)
    .getAllByLabelText(labelled(label))
    .find((element) => element.tagName === 'INPUT' || element.tagName === 'TEXTAREA');
  if (!input) throw new Error(`No input labelled ${label}`);
  return input as HTMLInputElement;
}

/**
 * The user's options in a test that fakes the timers for part of its run: while time is fake,
 * user-event's pauses between events move it on; while it is real, they wait as usual.
 */
export const partlyFakeTimers: UserOptions = {
  advanceTimers: (ms) => {
    if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
  },
};

/**
 * Replaces the text of the field labelled `label` with `value`, typed key by key, as a user
 * would: the field takes the focus, and a disabled or read-only one refuses the text.
 */
export async function type(
  user: UserEvent,
  label: string,
  value: string,
  container: HTMLElement = document.body,
): Promise<void> {
  const input = field(label, container);
  await user.clear(input);
  // `{` and `[` start a key name in user-event's syntax; doubled, they are typed as themselves.
  if (value) await user.type(input, value.replace(/[{[]/g, '$&$&'));
}

/** The terms-status answer of a user who has accepted the current terms. */
export const noTermsNeeded = {
  requiresAcceptance: false,
  currentVersion: '1',
  acceptedVersion: '1',
  acceptedAt: '2025-07-20T09:00:00.000Z',
  terms: { version: '1', effective_date: '2025-07-14', content: 'Terms.' },
};

import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { AuthResponse, RequestResetResponse, SignUpInput } from '../common/auth';
import type { CourseListResponse, CourseSummary } from '../common/courses';
import type { OutboxMessage, OutboxMessageDetail, OutboxResponse } from '../common/mail';
import type { TermsStatusResponse } from '../common/terms';
import type { User } from '../common/users';
import { DEMO_ADMIN } from '../server/db/seed/demo-accounts';

/** The app's local storage keys for a session (web/lib/session-storage.ts writes the same three). */
const STORAGE_KEYS = ['authToken', 'userId', 'userData'] as const;

/** What readStoredSession answers once the app has dropped the session. */
export const NO_SESSION = { authToken: null, userId: null, userData: null };

export interface CreateStudentOptions extends Partial<SignUpInput> {
  /** Accept the current terms through the API, so no terms modal blocks the app. Default true. */
  acceptTerms?: boolean;
}

export interface Account {
  user: User;
  token: string;
  password: string;
}

interface Fixtures {
  /** API calls on the app's base URL, outside the browser. */
  api: APIRequestContext;
  /** Signs up a new, unique student through the API (and accepts the terms unless told not to). */
  createStudent: (options?: CreateStudentOptions) => Promise<Account>;
  /** Signs `page` in as `account`: the session lands in local storage before the first navigation. */
  signIn: (account: Pick<Account, 'user' | 'token'>) => Promise<void>;
  /**
   * A second person's browser in the same test (a conversation, say): a context of its own, signed
   * in as `account` the way `signIn` signs in the test's page, and closed when the test ends.
   */
  openPageAs: (account: Pick<Account, 'user' | 'token'>) => Promise<Page>;
}

/** A short unique suffix: usernames allow 32 characters of [A-Za-z0-9._-]. */
export function uniqueSuffix(): string {
  return randomUUID().replaceAll('-', '').slice(0, 12);
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** Signs in through the API (the demo accounts, or to check a password without the browser). */
export async function authenticate(api: APIRequestContext, username: string, password: string) {
  const response = await api.post('/api/user/authenticate', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthResponse;
}

/** Signs the seeded demo administrator in through the API. */
export function authenticateDemoAdmin(api: APIRequestContext) {
  return authenticate(api, DEMO_ADMIN.username, DEMO_ADMIN.password);
}

/** A seeded course in the catalogue, found by its exact title as the holder of `token` sees it. */
export async function findCourseByTitle(
  api: APIRequestContext,
  token: string,
  title: string,
): Promise<CourseSummary> {
  const list = await api.get('/api/courses?is_series=false&limit=200', { headers: bearer(token) });
  expect(list.status()).toBe(200);
  const course = ((await list.json()) as CourseListResponse).courses.find((c) => c.title === title);
  expect(course, `seeded course '${title}'`).toBeTruthy();
  return course!;
}

/** Enrols `account` in a free course through the API. */
export async function enrolFree(
  api: APIRequestContext,
  account: Pick<Account, 'user' | 'token'>,
  courseId: string,
): Promise<void> {
  const response = await api.post(`/api/user/${account.user.id}/enroll/${courseId}`, {
    headers: bearer(account.token),
    data: {},
  });
  expect(response.status(), await response.text()).toBe(201);
}

export async function acceptCurrentTerms(api: APIRequestContext, auth: AuthResponse): Promise<void> {
  const statusResponse = await api.get(`/api/user/${auth.user.id}/terms-status`, {
    headers: bearer(auth.token),
  });
  expect(statusResponse.status(), await statusResponse.text()).toBe(200);
  const status = (await statusResponse.json()) as TermsStatusResponse;
  const accepted = await api.post(`/api/user/${auth.user.id}/accept-terms`, {
    headers: bearer(auth.token),
    data: { version: status.currentVersion },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/**
 * Puts a session into local storage before the app's scripts run. Each session is written once per
 * tab (a sessionStorage mark remembers it), so a sign-out, a reload or a later sign-in in the same
 * test are not undone by the script running again on the next navigation.
 */
async function seedSession(page: Page, origin: string, account: Pick<Account, 'user' | 'token'>) {
  await page.addInitScript(
    ({ origin, token, user }) => {
      if (window.location.origin !== origin) return;
      const mark = `e2e-session-seeded:${token}`;
      if (window.sessionStorage.getItem(mark)) return;
      window.sessionStorage.setItem(mark, 'true');
      window.localStorage.setItem('authToken', token);
      window.localStorage.setItem('userId', user.id);
      window.localStorage.setItem('userData', JSON.stringify(user));
    },
    { origin, token: account.token, user: account.user },
  );
}

export const test = base.extend<Fixtures>({
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    await use(api);
    await api.dispose();
  },

  createStudent: async ({ api }, use) => {
    await use(async ({ acceptTerms = true, ...overrides } = {}) => {
      const suffix = uniqueSuffix();
      const input = {
        name: `Lin ${suffix.slice(0, 6)}`,
        city: 'Oakland',
        country: 'United States',
        martial_art: 'Taijiquan',
        email: `student-${suffix}@example.com`,
        username: `student_${suffix}`,
        password: `pw-${randomUUID()}`,
        ...overrides,
      };
      const response = await api.post('/api/create/user', { data: input });
      expect(response.status(), await response.text()).toBe(201);
      const auth = (await response.json()) as AuthResponse;
      if (acceptTerms) await acceptCurrentTerms(api, auth);
      return { user: auth.user, token: auth.token, password: input.password };
    });
  },

  signIn: async ({ page, baseURL }, use) => {
    const origin = new URL(baseURL ?? 'http://127.0.0.1:3100').origin;
    await use((account) => seedSession(page, origin, account));
  },

  openPageAs: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (account) => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      const page = await context.newPage();
      await seedSession(page, new URL(baseURL!).origin, account);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };

/** The outbox messages `match` picks, newest first, as the demo admin lists them. */
export async function outboxMessages(
  api: APIRequestContext,
  match: (message: OutboxMessage) => boolean,
): Promise<OutboxMessage[]> {
  const admin = await authenticateDemoAdmin(api);
  const response = await api.get('/api/admin/outbox?limit=200', { headers: bearer(admin.token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as OutboxResponse).messages.filter(match);
}

/** The text of the newest outbox message `match` picks, waiting until it has been written. */
export async function readOutboxText(
  api: APIRequestContext,
  match: (message: OutboxMessage) => boolean,
): Promise<string> {
  let newest: OutboxMessage | undefined;
  await expect.poll(async () => (newest = (await outboxMessages(api, match))[0])?.id).toBeTruthy();
  const admin = await authenticateDemoAdmin(api);
  const response = await api.get(`/api/admin/outbox/${newest!.id}`, { headers: bearer(admin.token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as OutboxMessageDetail).text;
}

/** The 6-digit recovery code last e-mailed to `email`, read from the outbox as the demo admin. */
export async function readResetCode(api: APIRequestContext, email: string): Promise<string> {
  const text = await readOutboxText(api, (m) => m.to_address === email && /reset code/.test(m.subject));
  // From its sentence: a name such as 'Lin 123456' holds six digits too.
  const code = /\baccount is (\d{6})\b/.exec(text)?.[1];
  expect(code, text).toMatch(/^\d{6}$/);
  return code!;
}

/** A student signed in with a temporary password, through the reset flow: a new password is owed. */
export async function createTemporarySession(api: APIRequestContext, student: Account): Promise<Account> {
  const { user } = student;
  const requested = await api.post('/api/user/request-reset-code', { data: { email: user.email } });
  expect(requested.status(), await requested.text()).toBe(202);
  const code = await readResetCode(api, user.email);
  const reset = await api.post('/api/user/request-reset', {
    data: { email: user.email, code, securityAnswers: [user.username, user.city, user.country] },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const { tempPassword } = (await reset.json()) as RequestResetResponse;
  const signedIn = await api.post('/api/user/auth-temp', { data: { username: user.username, tempPassword } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const auth = (await signedIn.json()) as AuthResponse;
  expect(auth.user.requires_password_change).toBe(true);
  return { user: auth.user, token: auth.token, password: tempPassword };
}

/** The landing page, `/`, whatever the host. */
export const LANDING_URL = /^[^?#]+:\/\/[^/]+\/$/;

/**
 * Waits until the browser has loaded the site's landing page. The app first steps to `/` on its
 * own, then hands the address to the browser, which loads the server-rendered page there; the
 * app's root element is gone only once that page has arrived.
 */
export async function expectLandingPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(LANDING_URL);
  await expect(page.locator('#root')).toHaveCount(0);
  await page.waitForLoadState();
}

/**
 * A text or password input by its exact label. Chromium exposes password inputs as textboxes too;
 * the exact name keeps the aria-hidden required asterisk and 'Toggle password visibility' out.
 */
export function textbox(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true });
}

/** The login journey's own form; everything else signs in through the fixtures. */
export async function signInWithForm(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await textbox(form, 'Username').fill(username);
  await textbox(form, 'Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** The Messages screen's list of conversations. */
export const conversationList = (page: Page) =>
  page.getByRole('list', { name: 'Conversations', exact: true });

/**
 * The Messages screen's history of the open conversation; exactly so named, since the bell's
 * "Recent messages" list can still be closing when the history opens.
 */
export const messageHistory = (page: Page) => page.getByRole('list', { name: 'Messages', exact: true });

/** The Messages screen's box for writing a message. */
export const messageComposer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The user menu button; its accessible name is "{name}, {role}: account menu". */
export function userMenuButton(page: Page) {
  return page.getByRole('button', { name: /: account menu$/ });
}

export async function signOutThroughMenu(page: Page): Promise<void> {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

export async function readStoredSession(page: Page) {
  return page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])),
    [...STORAGE_KEYS],
  );
}

/**
 * Runs axe on the page as it stands: WCAG 2 A and AA rules, or every rule (best practices too)
 * with `allRules`. A failure lists each rule id, its help text and the offending markup.
 */
export async function expectNoAxeViolations(page: Page, { allRules = false } = {}): Promise<void> {
  // A dialog still fading in has text at part opacity, which axe measures as low contrast: wait
  // for every finite animation and transition to end (a spinning loader never does).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  const results = await (allRules ? builder : builder.withTags(['wcag2a', 'wcag2aa'])).analyze();
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.html),
  }));
  expect(violations).toEqual([]);
}

/**
 * Stops the page's clock (the test calls `page.clock.install()` before its first navigation):
 * from here on, the page's timers fire only when the test moves time on with
 * `page.clock.runFor`, so a countdown is checked second by second instead of waited for.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/**
 * Runs `work` on a page whose clock is paused while letting time creep forward a millisecond at
 * a time: enough for the zero-delay timers that libraries schedule (axe's work queue, TanStack
 * Query's notifications), far too little for a page timer due a second later, which the caller
 * checks has not fired.
 */
export async function whileTimeCreeps<T>(page: Page, work: () => Promise<T>): Promise<T> {
  let running = true;
  const creep = (async () => {
    while (running) {
      // The clock is the context's: a tick can meet the page axe opens for its report closing
      // under it. That tick is harmless; the test's own page closing is not.
      await page.clock.runFor(1).catch((error: unknown) => {
        if (page.isClosed()) throw error;
      });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    return await work();
  } finally {
    running = false;
    await creep;
  }
}

/** `expectNoAxeViolations` on a page whose clock is paused. */
export const expectNoAxeViolationsWhilePaused = (page: Page) =>
  whileTimeCreeps(page, () => expectNoAxeViolations(page));

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
import type { AuthResponse, SignUpInput } from '../common/auth';
import type { CourseSummary } from '../common/courses';
import { DEMO_ADMIN, DEMO_STUDENT_PASSWORD } from '../server/db/seed/demo-accounts';
import {
  acceptCurrentTerms,
  authenticate,
  authenticateDemoAdmin,
  enrolFree,
  findCourseByTitle,
  type Account,
} from './school';

/** The app's local storage keys for a session (web/lib/session-storage.ts writes the same three). */
const STORAGE_KEYS = ['authToken', 'userId', 'userData'] as const;

/** What readStoredSession answers once the app has dropped the session. */
export const NO_SESSION = { authToken: null, userId: null, userData: null };

export interface CreateStudentOptions extends Partial<SignUpInput> {
  /** Accept the current terms through the API, so no terms modal blocks the app. Default true. */
  acceptTerms?: boolean;
}

interface Fixtures {
  /** API calls on the app's base URL, outside the browser. */
  api: APIRequestContext;
  /** The seeded demo administrator, signed in through the API (not in the page: see `signInAdmin`). */
  admin: Account;
  /** Mei, a seeded demo student, signed in through the API with the current terms accepted. */
  mei: Account;
  /** Signs up a new, unique student through the API (and accepts the terms unless told not to). */
  createStudent: (options?: CreateStudentOptions) => Promise<Account>;
  /** Signs `page` in as `account`: the session lands in local storage before the first navigation. */
  signIn: (account: Pick<Account, 'user' | 'token'>) => Promise<void>;
  /** Signs `page` in as the demo administrator; answers the administrator's session, for API calls. */
  signInAdmin: () => Promise<Account>;
  /** A new student, as `createStudent` makes them, with `page` signed in as them. */
  signInNewStudent: (options?: CreateStudentOptions) => Promise<Account>;
  /** Enrols `account` in the free course titled `title`, found as they see the catalogue. */
  enrol: (account: Pick<Account, 'user' | 'token'>, title: string) => Promise<CourseSummary>;
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

  admin: async ({ api }, use) => {
    const auth = await authenticateDemoAdmin(api);
    await use({ user: auth.user, token: auth.token, password: DEMO_ADMIN.password });
  },

  mei: async ({ api }, use) => {
    const auth = await authenticate(api, 'mei', DEMO_STUDENT_PASSWORD);
    await acceptCurrentTerms(api, auth);
    await use({ user: auth.user, token: auth.token, password: DEMO_STUDENT_PASSWORD });
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

  signInAdmin: async ({ admin, signIn }, use) => {
    await use(async () => {
      await signIn(admin);
      return admin;
    });
  },

  signInNewStudent: async ({ createStudent, signIn }, use) => {
    await use(async (options) => {
      const account = await createStudent(options);
      await signIn(account);
      return account;
    });
  },

  enrol: async ({ api }, use) => {
    await use(async (account, title) => {
      const course = await findCourseByTitle(api, account.token, title);
      await enrolFree(api, account, course.id);
      return course;
    });
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

/** The page does not scroll sideways; a failure names what reaches past the right edge. */
export async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const past = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
    return { width, scrollWidth: document.scrollingElement!.scrollWidth, past };
  });
  expect(overflow.scrollWidth, overflow.past.join('\n')).toBeLessThanOrEqual(overflow.width);
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

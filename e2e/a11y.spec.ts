import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { AdminClassesResponse } from '../common/classes';
import type { CourseDetail, CourseListResponse } from '../common/courses';
import type { NewsResponse } from '../common/news';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { bearer, enrolFree, FREE_COURSE, readCourseByTitle, type Account } from './school';

/**
 * Every built screen, on a phone and on a desktop, and on the desktop in the dark colour scheme,
 * through axe (WCAG 2 A and AA): each screen is opened as the person who uses it, and checked once
 * what it shows has loaded.
 */

type Who = 'visitor' | 'student' | 'enrolled' | 'admin';

interface World {
  course: CourseDetail;
  unpublishedId: string;
  /** A seeded weekly class, for its attendance page. */
  classId: string;
  /** An important news item posted for the run, for its article page. */
  newsId: string;
}

interface Screen {
  name: string;
  who: Who;
  path: (world: World) => string;
  /** Extra steps once the page has loaded, e.g. opening a dialog. */
  open?: (page: Page) => Promise<void>;
}

const lessonOf = (world: World, type: string) =>
  world.course.modules.flatMap((m) => m.lessons).find((l) => l.lesson_type === type)!;

const SCREENS: Screen[] = [
  { name: 'landing page', who: 'visitor', path: () => '/' },
  { name: 'about page', who: 'visitor', path: () => '/about' },
  { name: 'contact', who: 'visitor', path: () => '/contact' },
  { name: 'payment success', who: 'visitor', path: () => '/payment/success' },
  { name: 'payment failed', who: 'visitor', path: () => '/payment/failed' },
  { name: 'confirm e-mail', who: 'visitor', path: () => '/confirm-email?token=unknown' },
  { name: 'sign in', who: 'visitor', path: () => '/app/login' },
  {
    name: 'sign up',
    who: 'visitor',
    path: () => '/app/login',
    open: async (page) => page.getByRole('tab', { name: 'Sign Up' }).click(),
  },
  {
    name: 'forgot password',
    who: 'visitor',
    path: () => '/app/login',
    open: async (page) => {
      await page.getByRole('button', { name: /forgot/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'student dashboard', who: 'student', path: () => '/app' },
  {
    name: 'news detail dialog',
    who: 'student',
    path: () => '/app',
    open: async (page) => {
      await page.getByRole('list', { name: 'News' }).getByRole('button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'news article', who: 'student', path: (w) => `/app/news/${w.newsId}` },
  { name: 'course catalogue', who: 'student', path: () => '/app/courses' },
  { name: 'series catalogue', who: 'student', path: () => '/app/series' },
  { name: 'course sales page', who: 'student', path: (w) => `/app/course/${w.course.id}` },
  {
    name: 'request a course',
    who: 'student',
    path: () => '/app/courses',
    open: async (page) => {
      await page.getByRole('button', { name: /request a course/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'header search results',
    who: 'student',
    path: () => '/app/courses',
    open: async (page) => {
      // The box on a desktop; on a phone the button that opens it in a dialog.
      const trigger = page
        .getByRole('searchbox', { name: 'Search' })
        .or(page.getByRole('button', { name: 'Search' }))
        .filter({ visible: true });
      await trigger.click();
      // The phone's dialog loads its box on first use: keys pressed before it has the focus are lost.
      await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
      await page.keyboard.type('standing');
      await expect(page.getByRole('listbox', { name: 'Search results' })).toBeVisible();
    },
  },
  { name: 'settings', who: 'student', path: () => '/app/settings' },
  { name: 'community (coming soon)', who: 'student', path: () => '/app/community' },
  { name: 'messages', who: 'student', path: () => '/app/messages' },
  {
    name: 'deleted messages',
    who: 'student',
    path: () => '/app/messages',
    open: async (page) => {
      await page.getByRole('button', { name: 'Deleted for me' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'support center', who: 'student', path: () => '/app/support' },
  { name: 'learning resources', who: 'student', path: () => '/app/resources' },
  {
    name: 'learning resources, a blog read in full',
    who: 'student',
    path: () => '/app/resources?type=blog',
    open: async (page) => {
      await page.getByRole('button', { name: 'Read More' }).first().click();
      await expect(page.getByRole('button', { name: 'Show Less' }).first()).toBeVisible();
    },
  },
  { name: 'enrolled course page', who: 'enrolled', path: (w) => `/app/course/${w.course.id}` },
  {
    name: 'video lesson',
    who: 'enrolled',
    path: (w) => `/app/course/${w.course.id}?lesson=${lessonOf(w, 'video').id}`,
  },
  {
    name: 'article lesson',
    who: 'enrolled',
    path: (w) => `/app/course/${w.course.id}?lesson=${lessonOf(w, 'article').id}`,
  },
  {
    name: 'quiz lesson',
    who: 'enrolled',
    path: (w) => `/app/course/${w.course.id}?lesson=${lessonOf(w, 'quiz').id}`,
  },
  {
    name: 'review dialog',
    who: 'enrolled',
    path: (w) => `/app/course/${w.course.id}`,
    open: async (page) => {
      await page.getByRole('button', { name: 'Write a Review' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'AI Sifu widget',
    who: 'enrolled',
    path: (w) => `/app/course/${w.course.id}`,
    open: async (page) => {
      await page.getByRole('button', { name: 'Ask AI Sifu' }).click();
      await expect(page.getByRole('dialog', { name: 'AI Sifu' })).toBeVisible();
    },
  },
  { name: "Sifu's Notes", who: 'enrolled', path: () => '/app/sifu-notes' },
  { name: 'admin dashboard', who: 'admin', path: () => '/app/admin' },
  {
    name: 'admin class view',
    who: 'admin',
    path: () => '/app/admin',
    open: async (page) => {
      await page.getByRole('list', { name: 'Classes' }).getByRole('button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'admin booking form',
    who: 'admin',
    path: () => '/app/admin',
    open: async (page) => {
      await page.getByRole('button', { name: 'New Booking' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'admin add news form',
    who: 'admin',
    path: () => '/app/admin',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add News' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'admin quotes', who: 'admin', path: () => '/app/admin/quotes' },
  {
    name: 'admin quote form',
    who: 'admin',
    path: () => '/app/admin/quotes',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Quote' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'class attendance', who: 'admin', path: (w) => `/app/admin/classes/${w.classId}/attendance` },
  { name: 'messages (administrators)', who: 'admin', path: () => '/app/messages' },
  { name: 'support center (administrators)', who: 'admin', path: () => '/app/support' },
  { name: 'admin course list', who: 'admin', path: () => '/app/courses' },
  { name: 'admin content manager', who: 'admin', path: (w) => `/app/admin/courses/${w.course.id}/content` },
  {
    name: 'admin preview of an unpublished course',
    who: 'admin',
    path: (w) => `/app/course/${w.unpublishedId}`,
  },
  { name: 'admin settings', who: 'admin', path: () => '/app/settings' },
  { name: 'admin blog management', who: 'admin', path: () => '/app/admin/blog' },
  { name: 'admin resources management', who: 'admin', path: () => '/app/admin/resources' },
  {
    name: 'admin add resource form',
    who: 'admin',
    path: () => '/app/admin/resources',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Resource' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Resource' })).toBeVisible();
    },
  },
  { name: 'admin blog editor', who: 'admin', path: () => '/app/admin/blog/new' },
  { name: 'admin AI Sifu analytics', who: 'admin', path: () => '/app/admin/ai-sifu' },
  { name: 'admin AI Sifu knowledge', who: 'admin', path: () => '/app/admin/ai-sifu/knowledge' },
  {
    name: 'admin knowledge entry form',
    who: 'admin',
    path: () => '/app/admin/ai-sifu/knowledge',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Entry' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Entry' })).toBeVisible();
    },
  },
];

/**
 * The page's requests in flight, but for the live event stream, which stays open for as long as
 * the app does (so Playwright's `networkidle` never comes).
 */
function trackRequests(page: Page) {
  const pending = new Set<Request>();
  const done = (request: Request) => pending.delete(request);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/events') pending.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return pending;
}

/** Waits for the page's data: no request in flight for half a second, no loader or skeleton left. */
async function settle(page: Page, pending: ReadonlySet<Request>): Promise<void> {
  await page.waitForLoadState('load');
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (pending.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { intervals: [100] },
    )
    .toBe(true);
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]')).toHaveCount(0);
}

const PASSES = [
  { width: 375, colorScheme: 'light' },
  { width: 1280, colorScheme: 'light' },
  // The app follows the system's dark setting; its colours are checked on the desktop layout.
  { width: 1280, colorScheme: 'dark' },
] as const;

/** Screens checked in one test: each pass's screens in groups, so the groups of a run spread over the workers. */
const SCREENS_PER_TEST = 13;
const GROUPS = Array.from({ length: Math.ceil(SCREENS.length / SCREENS_PER_TEST) }, (_, at) =>
  SCREENS.slice(at * SCREENS_PER_TEST, (at + 1) * SCREENS_PER_TEST),
);

interface Prepared {
  world: World;
  accounts: Record<Exclude<Who, 'visitor'>, Account>;
}

/** What the screens show, made once per worker by its first test and shared by the rest. */
let prepared: Promise<Prepared> | undefined;

async function prepare(
  api: APIRequestContext,
  admin: Account,
  createStudent: () => Promise<Account>,
): Promise<Prepared> {
  const course = await readCourseByTitle(api, admin.token, FREE_COURSE);
  const list = await api.get('/api/courses?limit=200', { headers: bearer(admin.token) });
  const unpublished = ((await list.json()) as CourseListResponse).courses.find((c) => !c.is_published);
  expect(unpublished, 'a seeded course in preparation').toBeTruthy();
  const classes = await api.get('/api/admin/classes', { headers: bearer(admin.token) });
  const firstClass = ((await classes.json()) as AdminClassesResponse).classes[0];
  expect(firstClass, 'a seeded weekly class').toBeTruthy();
  const posted = await api.post('/api/admin/news', {
    headers: bearer(admin.token),
    data: {
      title: 'Hall closed on Monday',
      description: 'No classes on Monday; the floor is being refinished.',
      body: 'The hall is closed all day.\nClasses resume on Tuesday evening.',
      author_name: 'Sifu Lin Wei',
      tags: ['schedule', 'hall'],
      is_important: true,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const newsId = ((await posted.json()) as NewsResponse).news.id;
  // A blog resource long enough for Read More, so the resources page shows a card.
  const resource = await api.post('/api/admin/resources', {
    headers: bearer(admin.token),
    data: {
      type: 'blog',
      title: 'Standing like a post',
      description: 'Why every class starts with zhan zhuang.',
      author: 'Sifu Lin Wei',
      content: 'Stand with the feet shoulder-width apart, knees soft, the crown lifted. '.repeat(6),
      related_courses: [course.id],
      is_published: true,
    },
  });
  expect(resource.status(), await resource.text()).toBe(201);

  const student = await createStudent();
  const enrolled = await createStudent();
  await enrolFree(api, enrolled, course.id);
  return {
    world: { course, unpublishedId: unpublished!.id, classId: firstClass!.id, newsId },
    accounts: { student, enrolled, admin },
  };
}

for (const { width, colorScheme } of PASSES) {
  test.describe(`at ${width} px, ${colorScheme}`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 900 }, colorScheme });

    GROUPS.forEach((screens, group) => {
      const named = `${screens[0]!.name} … ${screens.at(-1)!.name}`;
      test(`every built screen passes axe (${group + 1}/${GROUPS.length}: ${named})`, async ({
        page,
        api,
        admin,
        createStudent,
      }) => {
        // Each screen loaded, settled and checked in turn.
        test.setTimeout(180_000);
        prepared ??= prepare(api, admin, createStudent);
        const { world, accounts } = await prepared;

        const pending = trackRequests(page);
        let current: Who | undefined;
        for (const screen of screens) {
          await test.step(screen.name, async () => {
            if (screen.who !== current) {
              // The app keeps its session in local storage (authToken, userId, userData).
              await page.goto('/');
              const account = screen.who === 'visitor' ? null : accounts[screen.who];
              await page.evaluate(
                (session) => {
                  window.localStorage.clear();
                  if (!session) return;
                  window.localStorage.setItem('authToken', session.token);
                  window.localStorage.setItem('userId', session.user.id);
                  window.localStorage.setItem('userData', JSON.stringify(session.user));
                },
                account && { token: account.token, user: account.user },
              );
              current = screen.who;
            }
            await page.goto(screen.path(world));
            await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
            // The scheme follows the emulated system setting: no choice is stored.
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
            await settle(page, pending);
            if (screen.open) {
              await screen.open(page);
              await settle(page, pending);
            }
            await expectNoAxeViolations(page);
          });
        }
      });
    });
  });
}

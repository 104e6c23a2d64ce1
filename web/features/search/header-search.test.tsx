import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse, SearchResult } from '../../../common/search';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { HeaderSearch } from './header-search';

function Page() {
  return (
    <>
      <HeaderSearch />
      <main>
        <h1>Page</h1>
      </main>
    </>
  );
}
const routes = [{ path: '*', element: <Page /> }];

const COURSE_ID = '11111111-1111-4111-8111-111111111111';
const result = (overrides: Partial<SearchResult> & Pick<SearchResult, 'type' | 'title'>): SearchResult => ({
  id: `${overrides.type}-${overrides.title}`,
  description: '',
  url: '/app',
  course_id: null,
  ...overrides,
});

// Best first, as the server ranks them, the types mixed.
const lesson = result({
  type: 'lesson',
  title: 'The Structure of Wuji Posture',
  description: 'Foundations of Zhan Zhuang: Standing Meditation',
  url: `/app/course/${COURSE_ID}?lesson=22222222-2222-4222-8222-222222222222`,
  course_id: COURSE_ID,
});
const course = result({
  type: 'course',
  title: 'Foundations of Zhan Zhuang: Standing Meditation',
  description: 'Standing practice in the Wuji posture.',
  url: `/app/courses?highlight=${COURSE_ID}`,
  course_id: COURSE_ID,
});
const person = result({ type: 'user', title: 'Wu Jian', description: 'Oakland', url: '/app/community' });
const post = result({
  type: 'blog',
  title: 'Why wuji?',
  description: 'Notes from the hall',
  url: '/blog/why-wuji',
});
const news = result({ type: 'news', title: 'Wuji workshop', description: 'Saturday', url: '/app/news/n1' });

const answer = (results: SearchResult[], terms: string[] = []): SearchResponse => ({ results, terms });

function serve(respond: (q: string) => SearchResponse | typeof serverFailure = () => answer([])) {
  signInAs(makeUser());
  const stub = stubFetch({
    'GET /api/search': ({ query }) => {
      const response = respond(query.get('q') ?? '');
      return 'status' in response ? response : { body: response };
    },
  });
  const searches = () => stub.calls.filter((call) => call.path === '/api/search');
  return { ...stub, searches };
}

/** Tabs into the header's box, which loads the combobox and hands it the focus. */
async function focusSearch(user: UserEvent): Promise<HTMLInputElement> {
  await user.tab();
  const input = await screen.findByRole('combobox', { name: 'Search' });
  await waitFor(() => expect(document.activeElement).toBe(input));
  return input as HTMLInputElement;
}

/** happy-dom's own window size, which Mantine's media classes (hiddenFrom, visibleFrom) follow. */
function setViewport(width: number, height: number) {
  const { happyDOM } = window as unknown as {
    happyDOM?: { setViewport(size: { width: number; height: number }): void };
  };
  happyDOM?.setViewport({ width, height });
}

const status = () => within(screen.getByRole('search')).getByRole('status');
const options = () => screen.getAllByRole('option');

afterEach(() => {
  vi.restoreAllMocks();
  setViewport(1024, 768);
});

describe('HeaderSearch', () => {
  it('asks once, 500 ms after the last key, and not for a blank box', async () => {
    const { searches } = serve(() => answer([lesson]));
    const { user } = renderRoutes(routes, '/app');
    const input = await focusSearch(user);
    await user.type(input, '   ');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(searches()).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'wuji');
    // Typed quickly: nothing yet, then one call for the whole word.
    expect(searches()).toHaveLength(0);
    expect(await screen.findByRole('option', { name: /Structure of Wuji Posture/ })).toBeTruthy();
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.query.get('q')).toBe('wuji');
  });

  it('cancels the call for a query that was replaced before its answer came', async () => {
    const { fetchMock, searches } = serve((q) => answer(q === 'wuji' ? [lesson] : []));
    const stubbed = fetchMock.getMockImplementation()!;
    const stale: AbortSignal[] = [];
    fetchMock.mockImplementation(async (input, init = {}) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost');
      if (url.pathname === '/api/search' && url.searchParams.get('q') === 'wu') {
        // The first answer never comes; only the abort ends it.
        stale.push(init.signal!);
        return new Promise<Response>((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        );
      }
      return stubbed(input, init);
    });
    const { user } = renderRoutes(routes, '/app');
    const input = await focusSearch(user);
    await user.type(input, 'wu');
    await waitFor(() => expect(stale).toHaveLength(1));
    expect(stale[0]!.aborted).toBe(false);
    await user.type(input, 'ji');
    expect(await screen.findByRole('option', { name: /Structure of Wuji Posture/ })).toBeTruthy();
    expect(stale[0]!.aborted).toBe(true);
    expect(searches().map((call) => call.query.get('q'))).toEqual(['wuji']);
  });

  it('groups the results by type and marks the words typed and the terms the server widened them to', async () => {
    serve(() => answer([lesson, person, course, post, news], ['Zhuang']));
    const { user } = renderRoutes(routes, '/app');
    await user.type(await focusSearch(user), 'wuji');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    const groups = within(listbox).getAllByRole('group');
    expect(
      groups.map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent),
    ).toEqual(['Courses', 'Lessons', 'News', 'Blog', 'People']);
    expect(within(groups[1]!).getByRole('option', { name: /Structure of Wuji Posture/ })).toBeTruthy();
    expect(within(groups[4]!).getByRole('option', { name: /Wu Jian/ })).toBeTruthy();

    const lessonOption = within(groups[1]!).getByRole('option');
    const marks = [...lessonOption.querySelectorAll('mark')].map((mark) => mark.textContent);
    // Case-insensitive, in the title and the description; `wu` alone (in Wu Jian) is no match.
    expect(marks).toEqual(['Wuji', 'Zhuang']);
    expect([...within(groups[4]!).getByRole('option').querySelectorAll('mark')]).toHaveLength(0);
    expect(status().textContent).toBe('5 results');
  });

  it('moves through the options with the keys alone, wrapping, and opens the chosen one', async () => {
    serve(() => answer([lesson, course]));
    const { user, router } = renderRoutes(routes, '/app');
    const input = await focusSearch(user);
    await user.keyboard('wuji');
    await screen.findByRole('listbox');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    // Shown in groups: the course first, then the lesson, whatever the server's order.
    await user.keyboard('{ArrowDown}');
    expect(active()?.textContent).toContain(course.title);
    expect(active()?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(active()?.textContent).toContain(lesson.title);
    await user.keyboard('{ArrowDown}');
    expect(active()?.textContent).toContain(course.title);
    await user.keyboard('{ArrowUp}');
    expect(active()?.textContent).toContain(lesson.title);
    expect(options().filter((option) => option.getAttribute('aria-selected') === 'true')).toHaveLength(1);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/course/${COURSE_ID}`));
    expect(router.state.location.search).toBe('?lesson=22222222-2222-4222-8222-222222222222');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a course the student may not open as its highlighted card in the list', async () => {
    serve(() => answer([course]));
    const { user, router } = renderRoutes(routes, '/app');
    await user.type(await focusSearch(user), 'zhan');
    await screen.findByRole('option', { name: new RegExp(course.title) });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/courses'));
    expect(router.state.location.search).toBe(`?highlight=${COURSE_ID}`);
  });

  it('loads a blog post, a page of the public site, in full', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serve(() => answer([post]));
    const { user, router } = renderRoutes(routes, '/app');
    await user.type(await focusSearch(user), 'wuji');
    await screen.findByRole('option', { name: /Why wuji/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(assign).toHaveBeenCalledWith('/blog/why-wuji');
    expect(router.state.location.pathname).toBe('/app');
  });

  it('closes the list on Escape and clears the box on a second Escape', async () => {
    serve(() => answer([lesson]));
    const { user } = renderRoutes(routes, '/app');
    const input = await focusSearch(user);
    await user.type(input, 'wuji');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(input.value).toBe('wuji');
    // Down opens it again on the same answer.
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}{Escape}');
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('says how many results came, or that none did', async () => {
    serve((q) => answer(q === 'wuji' ? [lesson, course] : q === 'pushing' ? [lesson] : []));
    const { user } = renderRoutes(routes, '/app');
    const input = await focusSearch(user);
    expect(status().getAttribute('aria-live')).toBe('polite');
    await user.type(input, 'wuji');
    await waitFor(() => expect(status().textContent).toBe('2 results'));
    await user.clear(input);
    await user.type(input, 'pushing');
    await waitFor(() => expect(status().textContent).toBe('1 result'));
    await user.clear(input);
    await user.type(input, 'xyzzy');
    await waitFor(() => expect(status().textContent).toBe('No results for "xyzzy"'));
    expect(screen.getByText('No results for "xyzzy"', { selector: 'p' })).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('only logs a failed search, and says quietly that search is unavailable', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { searches } = serve(() => serverFailure);
    const { user } = renderRoutes(routes, '/app');
    await user.type(await focusSearch(user), 'wuji');
    await waitFor(() => expect(status().textContent).toBe('Search is unavailable'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Search failed', expect.anything());
    // Not retried: the next keystroke asks again anyway.
    expect(searches()).toHaveLength(1);
  });

  it('goes to the search on `/` from anywhere but a field', async () => {
    serve(() => answer([lesson]));
    const { user } = renderRoutes(routes, '/app');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    await user.keyboard('/');
    const input = await screen.findByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    // The slash opened the search; it is not typed into it.
    expect((input as HTMLInputElement).value).toBe('');
    await user.keyboard('wuji');
    expect(await screen.findByRole('option', { name: /Structure of Wuji Posture/ })).toBeTruthy();
  });

  it('opens the search in a dialog from the button shown on a phone', async () => {
    serve(() => answer([course]));
    const { user, router } = renderRoutes(routes, '/app');
    // Below the `sm` breakpoint the box is hidden and the button shown (Mantine's media classes).
    setViewport(375, 812);
    expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const input = within(dialog).getByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('zhan');
    await within(dialog).findByRole('option', { name: new RegExp(course.title) });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?highlight=${COURSE_ID}`));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

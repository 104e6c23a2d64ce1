import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeNews } from '../../test/news';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { NewsArticlePage } from './news-article-page';

const member = makeUser();
const news = makeNews({
  is_important: true,
  thumbnail_url: '/media/news-thumbnails/hall.webp',
  view_count: 12,
});
type Routes = Parameters<typeof stubFetch>[0];

function server(routes: Routes) {
  return stubFetch({
    [`POST /api/verify/user/${member.id}`]: () => ({ body: { valid: true, user: member } }),
    ...routes,
  });
}

function renderArticle(path: string) {
  signInAs(member);
  return renderRoutes([{ path: '/app/news/:id?', element: <NewsArticlePage /> }], path);
}

describe('NewsArticlePage', () => {
  it('shows the article with its badge, author, date, tags, views, image and paragraphs', async () => {
    server({ [`GET /api/news/${news.id}`]: () => ({ body: { news } }) });
    renderArticle(`/app/news/${news.id}`);
    const article = await screen.findByRole('article', { name: 'Winter seminar with Sifu Lin' });
    expect(within(article).getByText('Important')).toBeTruthy();
    expect(within(article).getByText('By Sifu Lin Wei')).toBeTruthy();
    expect(within(article).getByText('November 20, 2026')).toBeTruthy();
    expect(within(article).getByText('12 views')).toBeTruthy();
    const tags = within(article).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['seminar', 'baguazhang']);
    expect(article.querySelector('img')?.getAttribute('src')).toBe('/media/news-thumbnails/hall.webp');
    expect(within(article).getByText('The seminar runs Friday to Sunday.').tagName).toBe('P');
    expect(within(article).getByText('Bring loose clothing and water.').tagName).toBe('P');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/app');
  });

  it('shows markup in the body as text', async () => {
    const risky = makeNews({ body: '<script>alert(1)</script>' });
    server({ [`GET /api/news/${risky.id}`]: () => ({ body: { news: risky } }) });
    renderArticle(`/app/news/${risky.id}`);
    expect(await screen.findByText('<script>alert(1)</script>')).toBeTruthy();
  });

  it("says 'News article ID not found' without an id", async () => {
    server({});
    renderArticle('/app/news');
    expect((await screen.findByRole('alert')).textContent).toBe('News article ID not found');
  });

  it("says 'News article not found' on a 404", async () => {
    server({
      [`GET /api/news/${news.id}`]: () => ({
        status: 404,
        body: { error: 'News article not found', code: 'NOT_FOUND' },
      }),
    });
    renderArticle(`/app/news/${news.id}`);
    expect((await screen.findByRole('alert')).textContent).toBe('News article not found');
  });

  it('says the article failed to load on any other failure', async () => {
    server({ [`GET /api/news/${news.id}`]: () => serverFailure });
    renderArticle(`/app/news/${news.id}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load news article. Please try again later.',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeTruthy();
  });
});

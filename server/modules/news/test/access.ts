import { NewsListResponse, NewsResponse } from '../../../../common/news';
import { news, quotes } from '../../../db/schema';
import { rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { createNews, newsBody } from './factories';
import { createQuote, quoteBody } from '../../quotes/test/factories';

/*
 * Matrix entries for news and quotes: every signed-in member reads the same published news and
 * quotes (no one owns them, so B reads what A reads); administrators write.
 */

interface NewsWorld extends World {
  newsId: string;
  quoteId: string;
}
const nw = (w: World) => w as NewsWorld;

/** An item (and a quote) of this case alone, for rows that change or delete it. */
const freshNews = async (t: TestApp) =>
  ({ newsId: (await createNews(t, { tags: ['Matrix'] })).id }) as Partial<World>;
const freshQuote = async (t: TestApp) => ({ quoteId: (await createQuote(t)).id }) as Partial<World>;

const newsById = (w: World) => ({ params: { id: nw(w).newsId } });
const quoteById = (w: World) => ({ params: { id: nw(w).quoteId } });
const newsRow = (t: TestApp, w: World) => rowsWhere(t, news, news.id, nw(w).newsId);
const quoteRow = (t: TestApp, w: World) => rowsWhere(t, quotes, quotes.id, nw(w).quoteId);

/** Nobody owns the news: every member reads it, as A does. */
const anyMember = { studentB: 'allowed' } as const;

const adminNewsWrite = (route: string, call: MatrixEntry['call']): MatrixEntry => ({
  route,
  fresh: freshNews,
  call,
  unchanged: newsRow,
});

export const NEWS_ENTRIES: MatrixEntry[] = [
  { route: 'GET /api/news', expect: anyMember },
  {
    route: 'GET /api/news/:id',
    fresh: freshNews,
    call: newsById,
    expect: anyMember,
    check: (res) => {
      if (res.statusCode === 200) NewsResponse.parse(res.json());
    },
  },
  {
    route: 'GET /api/news/search',
    call: () => ({ query: { q: 'workshop' } }),
    expect: anyMember,
    check: (res) => {
      if (res.statusCode === 200) NewsListResponse.parse(res.json());
    },
  },
  { route: 'GET /api/news/tag/:tag', call: () => ({ params: { tag: 'matrix' } }), expect: anyMember },
  { route: 'GET /api/news/tags', expect: anyMember },
  { route: 'GET /api/admin/news', call: () => ({ query: { status: 'draft' } }) },
  { route: 'POST /api/admin/news', status: 201, call: () => ({ body: newsBody({ title: 'Matrix news' }) }) },
  adminNewsWrite('PUT /api/admin/news/:id', (w) => ({
    ...newsById(w),
    body: newsBody({ title: 'Retitled' }),
  })),
  adminNewsWrite('PUT /api/admin/news/:id/status', (w) => ({ ...newsById(w), body: { status: 'draft' } })),
  adminNewsWrite('DELETE /api/admin/news/:id', newsById),
  { route: 'GET /api/quotes/random', call: () => ({ query: { category: 'war' } }), expect: anyMember },
  { route: 'GET /api/admin/quotes', call: () => ({ query: { category: 'combat' } }) },
  { route: 'POST /api/admin/quotes', status: 201, call: () => ({ body: quoteBody() }) },
  {
    route: 'PUT /api/admin/quotes/:id',
    fresh: freshQuote,
    call: (w) => ({ ...quoteById(w), body: quoteBody({ author: 'Changed' }) }),
    unchanged: quoteRow,
  },
  { route: 'DELETE /api/admin/quotes/:id', fresh: freshQuote, call: quoteById, unchanged: quoteRow },
];

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../common/quotes';
import { makeQuote } from '../../test/news';
import { field, makeUser, renderRoutes, serverFailure, signInAs, stubFetch, type } from '../../test/render';
import { QuotesAdminPage } from './quotes-admin-page';

const admin = makeUser({ is_admin: true, role: 'admin' });
type Routes = Parameters<typeof stubFetch>[0];

const quotes: Quote[] = Array.from({ length: 12 }, (_, index) =>
  makeQuote({
    id: `9b8c7d6e-5f4a-4b3c-9d2e-${String(index + 1).padStart(12, '0')}`,
    author: `Master ${index + 1}`,
  }),
);

function server(extra: Routes = {}, list: Quote[] = quotes) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/quotes': ({ query }) => {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      const category = query.get('category');
      const shown = category ? list.filter((q) => q.category === category) : list;
      return { body: { quotes: shown.slice(offset, offset + limit), total: shown.length } };
    },
    ...extra,
  });
}

function renderPage() {
  signInAs(admin);
  return renderRoutes([{ path: '/', element: <QuotesAdminPage /> }], '/');
}

// The forms are typed key by key, which takes a few seconds on a busy machine.
describe('QuotesAdminPage', { timeout: 20_000 }, () => {
  it('lists the quotes with their Chinese text, ten a page', async () => {
    const { calls } = server();
    const { user } = renderPage();
    const first = await screen.findByRole('article', { name: 'Quote by Master 1' });
    expect(within(first).getByText('千里之行，始於足下').getAttribute('lang')).toBe('zh');
    expect(within(first).getByText('Transformation')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Quote by Master 11' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/api/admin/quotes').map((c) => c.query.get('offset'))).toEqual([
      '0',
      '10',
    ]);
  });

  it('filters by category from the first page', async () => {
    const war = makeQuote({ id: '9b8c7d6e-5f4a-4b3c-9d2e-0000000000ff', author: 'Sunzi', category: 'war' });
    const { calls } = server({}, [...quotes, war]);
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Quote by Master 1' });
    await user.click(field('Category'));
    await user.click(await screen.findByRole('option', { name: 'War' }));
    expect(await screen.findByRole('article', { name: 'Quote by Sunzi' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(calls.at(-1)?.query.toString()).toBe('limit=10&offset=0&category=war');
  });

  it("says 'No quotes found' when there are none", async () => {
    server({}, []);
    renderPage();
    expect(await screen.findByText('No quotes found')).toBeTruthy();
  });

  it('shows the load failure', async () => {
    server({ 'GET /api/admin/quotes': () => serverFailure });
    renderPage();
    expect(await screen.findByText('Failed to load data. Please try again later.')).toBeTruthy();
  });

  it('names the missing fields, then adds a quote', async () => {
    const { calls } = server({
      'POST /api/admin/quotes': () => ({ status: 201, body: { quote: makeQuote() } }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Quote' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Quote' }));
    expect(await within(dialog).findByText('Quote text is required')).toBeTruthy();
    expect(within(dialog).getByText('Author is required')).toBeTruthy();
    expect(
      within(dialog).getByText('Category must be transformation, martial_arts, combat, inner_alchemy or war'),
    ).toBeTruthy();

    await type(user, 'Quote', 'Be like water.', dialog);
    await type(user, 'Chinese text', '上善若水', dialog);
    await type(user, 'Author', 'Laozi', dialog);
    await user.click(field('Category', dialog));
    await user.click(await screen.findByRole('option', { name: 'Inner alchemy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Quote' }));
    expect(await screen.findByText('Quote saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      text: 'Be like water.',
      chinese: '上善若水',
      author: 'Laozi',
      source: '',
      category: 'inner_alchemy',
    });
  });

  it('edits a quote, and says when the save fails', async () => {
    let fail = true;
    const { calls } = server({
      [`PUT /api/admin/quotes/${quotes[0]!.id}`]: () =>
        fail ? serverFailure : { body: { quote: { ...quotes[0]!, source: 'Daodejing' } } },
    });
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'Quote by Master 1' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Quote' });
    await type(user, 'Source', 'Daodejing', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save Quote' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to save quote. Please try again.',
    );
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save Quote' }));
    expect(await screen.findByText('Quote saved')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
      source: 'Daodejing',
      category: 'transformation',
    });
  });

  it('confirms a delete before sending it, and reports a failure', async () => {
    let fail = false;
    const { calls } = server({
      [`DELETE /api/admin/quotes/${quotes[0]!.id}`]: () =>
        fail ? serverFailure : { body: { success: true } },
    });
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'Quote by Master 1' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Quote' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Quote deleted')).toBeTruthy();

    fail = true;
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Quote' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const failed = await screen.findByRole('dialog', { name: 'Delete Failed' });
    expect(within(failed).getByText('Failed to delete quote. Please try again.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2));
  });
});

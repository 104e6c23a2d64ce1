import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KnowledgeEntry } from '../../../common/ai-sifu';
import { field, makeUser, renderRoutes, serverFailure, signInAs, stubFetch, type } from '../../test/render';
import { makeCourse } from '../../test/courses';
import { KnowledgePage } from './knowledge-page';
import { makeEntries, makeEntry } from './test-data';

const admin = makeUser({ is_admin: true, role: 'admin', name: 'Sifu Lin Wei' });
const course = makeCourse({ id: '3c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e61', title: 'Circle Walking' });
const counts = { term: 25, manual: 4, classic: 2 };
type Routes = Parameters<typeof stubFetch>[0];
type Calls = ReturnType<typeof stubFetch>['calls'];

function server(entries: KnowledgeEntry[] = makeEntries(2), extra: Routes = {}) {
  return stubFetch({
    [`POST /api/verify/user/${admin.id}`]: () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/ai-sifu/knowledge': ({ query }) => {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return { body: { entries: entries.slice(offset, offset + limit), total: entries.length, counts } };
    },
    'GET /api/courses': () => ({ body: { courses: [course], total: 1 } }),
    ...extra,
  });
}

function renderPage() {
  signInAs(admin);
  // The picker's `accept` is a suggestion: "All files" in the picker, or a drop, passes it by.
  return renderRoutes([{ path: '/', element: <KnowledgePage /> }], '/', { applyAccept: false });
}

async function openAdd() {
  const rendered = renderPage();
  await rendered.user.click(await screen.findByRole('button', { name: 'Add Entry' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Entry' });
  return { ...rendered, dialog };
}

const listCalls = (calls: Calls) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/ai-sifu/knowledge');
const posted = (calls: Calls) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/ai-sifu/knowledge');

describe('KnowledgePage', { timeout: 30_000 }, () => {
  it('lists the entries with their hanzi and pinyin, and the kinds with their counts', async () => {
    server([makeEntry()]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Knowledge entries' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Zhan zhuang')).toBeTruthy();
    expect(within(row).getByText('站桩 · zhàn zhuāng')).toBeTruthy();
    expect(within(row).getByText('Glossary term')).toBeTruthy();
    const kinds = screen.getByRole('radiogroup', { name: 'Kind' });
    for (const label of ['All (31)', 'Glossary term (25)', 'Training manual (4)', 'Classical reference (2)'])
      expect(within(kinds).getByLabelText(label)).toBeTruthy();
  });

  it('filters by kind, searches after the typing pauses, and pages twenty at a time', async () => {
    const { calls } = server(makeEntries(25));
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Knowledge entries' });
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Entry 21');
    expect(listCalls(calls).at(-1)?.query.get('offset')).toBe('20');

    await user.click(screen.getByLabelText('Training manual (4)'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('kind')).toBe('manual'));
    expect(listCalls(calls).at(-1)?.query.get('offset')).toBe('0');

    const before = listCalls(calls).length;
    await type(user, 'Search knowledge', 'zhan zhuang');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('q')).toBe('zhan zhuang'));
    // One read for the whole phrase, not one a keystroke.
    expect(listCalls(calls).length - before).toBe(1);
    expect(listCalls(calls).at(-1)?.query.get('kind')).toBe('manual');
  });

  it('shows a load failure with Retry, and says when nothing is found', async () => {
    let fail = true;
    server([], {
      'GET /api/admin/ai-sifu/knowledge': () =>
        fail ? serverFailure : { body: { entries: [], total: 0, counts } },
    });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the knowledge base');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No entries found')).toBeTruthy();
  });

  it("refuses an empty entry with the contract's messages, and sends nothing", async () => {
    const { calls } = server();
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Save Entry' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Body is required')).toBeTruthy();
    // The first field to fix has the focus.
    expect(document.activeElement).toBe(field('Title', dialog));
    expect(posted(calls)).toHaveLength(0);
  });

  it('adds a term with its hanzi, pinyin, source and linked course', async () => {
    const created = makeEntry({ id: '5d4c3b2a-1f0e-4d9c-8b7a-000000000099', title: 'Song' });
    const { calls } = server(makeEntries(1), {
      'POST /api/admin/ai-sifu/knowledge': () => ({ status: 201, body: { entry: created } }),
    });
    const { user, dialog } = await openAdd();
    await type(user, 'Title', 'Song', dialog);
    await type(user, 'Body', 'Relaxed, not limp.', dialog);
    await type(user, 'Hanzi', '松', dialog);
    await type(user, 'Pinyin', 'sōng', dialog);
    await type(user, 'Source', 'School glossary', dialog);
    await user.click(field('Linked courses', dialog));
    await user.click(await screen.findByRole('option', { name: 'Circle Walking' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Entry' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toEqual({
      kind: 'term',
      title: 'Song',
      body: 'Relaxed, not limp.',
      hanzi: '松',
      pinyin: 'sōng',
      source: 'School glossary',
      course_ids: [course.id],
      related_ids: [],
    });
    expect(await screen.findByText('Knowledge entry created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Entry' })).toBeNull());
  });

  it("puts the server's field message under its field, and its other refusals in the form", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        error: 'Invalid input',
        code: 'VALIDATION_ERROR',
        details: [{ path: 'pinyin', message: 'Pinyin must be at most 200 characters' }],
      },
    };
    server(makeEntries(1), { 'POST /api/admin/ai-sifu/knowledge': () => answer });
    const { user, dialog } = await openAdd();
    await type(user, 'Title', 'Peng', dialog);
    await type(user, 'Body', 'Ward off.', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save Entry' }));
    expect(await within(dialog).findByText('Pinyin must be at most 200 characters')).toBeTruthy();

    answer = { status: 409, body: { error: 'An entry with this title exists', code: 'CONFLICT' } };
    await user.click(within(dialog).getByRole('button', { name: 'Save Entry' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to save knowledge entry. Please try again.');
    expect(alert.textContent).toContain('An entry with this title exists');
  });

  it('edits an entry: its related entries show by name, and the whole entry is sent back', async () => {
    const related = makeEntry({ id: '5d4c3b2a-1f0e-4d9c-8b7a-000000000050', title: 'Wuji', pinyin: 'wújí' });
    const entry = makeEntry({ related_ids: [related.id] });
    const { calls } = server([entry], {
      [`GET /api/admin/ai-sifu/knowledge/${related.id}`]: () => ({ body: { entry: related } }),
      [`PUT /api/admin/ai-sifu/knowledge/${entry.id}`]: () => ({ body: { entry } }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Zhan zhuang' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Entry' });
    expect(field('Title', dialog).value).toBe('Zhan zhuang');
    // The chosen entry's pill (the option list holds the name too).
    await waitFor(() =>
      expect([...dialog.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent)).toEqual([
        'Wuji 站桩 (wújí)',
      ]),
    );
    await type(user, 'Source', '', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save Entry' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ title: 'Zhan zhuang', source: '', related_ids: [related.id] });
    expect(await screen.findByText('Knowledge entry updated')).toBeTruthy();
  });

  it('picks a related entry from what the server finds, and keeps its name when the search moves on', async () => {
    const wuji = makeEntry({ id: '5d4c3b2a-1f0e-4d9c-8b7a-000000000050', title: 'Wuji', pinyin: 'wújí' });
    const created = makeEntry({ id: '5d4c3b2a-1f0e-4d9c-8b7a-000000000099', title: 'Taiji' });
    const { calls } = server(makeEntries(1), {
      'GET /api/admin/ai-sifu/knowledge': ({ query }) => {
        // The server matches pinyin without tones; the picker must not filter its answer again.
        const entries = query.get('q') === 'wu ji' ? [wuji] : makeEntries(1);
        return { body: { entries, total: entries.length, counts } };
      },
      'POST /api/admin/ai-sifu/knowledge': () => ({ status: 201, body: { entry: created } }),
    });
    const { user, dialog } = await openAdd();
    await type(user, 'Title', 'Taiji', dialog);
    await type(user, 'Body', 'Supreme ultimate.', dialog);
    await user.type(field('Related entries', dialog), 'wu ji');
    await user.click(await screen.findByRole('option', { name: 'Wuji 站桩 (wújí)' }));
    await user.type(field('Related entries', dialog), 'entry');
    await screen.findByRole('option', { name: 'Entry 1' });
    const pills = () => [...dialog.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);
    expect(pills()).toEqual(['Wuji 站桩 (wújí)']);
    await user.click(within(dialog).getByRole('button', { name: 'Save Entry' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({ title: 'Taiji', related_ids: [wuji.id] });
  });

  it("confirms a delete with 'This action cannot be undone.'", async () => {
    const entry = makeEntry();
    const { calls } = server([entry], {
      [`DELETE /api/admin/ai-sifu/knowledge/${entry.id}`]: () => ({ body: { success: true } }),
    });
    const { user } = renderPage();
    const remove = await screen.findByRole('button', { name: 'Delete Zhan zhuang' });
    await user.click(remove);
    let confirm = await screen.findByRole('dialog', { name: 'Delete Entry' });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(remove);
    confirm = await screen.findByRole('dialog', { name: 'Delete Entry' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Knowledge entry deleted')).toBeTruthy();
  });

  it('imports a file and shows how many entries were created and updated', async () => {
    const file = { version: 1, entries: [{ kind: 'term', title: 'Song', body: 'Relaxed.' }] };
    const { calls } = server(makeEntries(1), {
      'POST /api/admin/ai-sifu/knowledge/import': () => ({ body: { created: 3, updated: 2 } }),
    });
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Knowledge entries' });
    const before = listCalls(calls).length;
    await user.upload(
      screen.getByLabelText('Knowledge file to import'),
      new File([JSON.stringify(file)], 'knowledge.json', { type: 'application/json' }),
    );
    const status = (await screen.findByText('Import finished: 3 created, 2 updated')).closest('[role]');
    expect(status?.getAttribute('role')).toBe('status');
    const sent = calls.find((c) => c.path === '/api/admin/ai-sifu/knowledge/import')!;
    expect(sent.body).toEqual(file);
    // The list shows what the import wrote.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it("shows the server's reason and details for a refused import, and refuses a file that is not JSON", async () => {
    const { calls } = server(makeEntries(1), {
      'POST /api/admin/ai-sifu/knowledge/import': () => ({
        status: 400,
        body: {
          error: 'Invalid input',
          code: 'VALIDATION_ERROR',
          details: [{ path: 'entries.0.title', message: 'Title is required' }],
        },
      }),
    });
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Knowledge entries' });
    const input = screen.getByLabelText('Knowledge file to import');
    await user.upload(
      input,
      new File(['{"version":1,"entries":[{}]}'], 'bad.json', { type: 'application/json' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid input');
    expect(alert.textContent).toContain('entries.0.title: Title is required');

    await user.upload(input, new File(['not json'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This file is not a knowledge export: choose the JSON file that Export saves.',
      ),
    );
    expect(calls.filter((c) => c.path === '/api/admin/ai-sifu/knowledge/import')).toHaveLength(1);
  });

  it('exports the knowledge base as a JSON file', async () => {
    const exported = {
      version: 1,
      entries: [
        {
          key: 'term-song',
          kind: 'term',
          title: 'Song',
          body: 'Relaxed.',
          hanzi: '松',
          pinyin: 'sōng',
          source: null,
          course_ids: [],
          related_keys: ['term-zhan-zhuang'],
        },
      ],
    };
    server(makeEntries(1), { 'GET /api/admin/ai-sifu/knowledge/export': () => ({ body: exported }) });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:knowledge';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^kwoon-knowledge-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(exported);
  });
});

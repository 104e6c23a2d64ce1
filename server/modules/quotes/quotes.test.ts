import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QUOTE_AUTHOR_REQUIRED,
  QUOTE_CATEGORIES,
  QUOTE_NOT_FOUND,
  QUOTE_TEXT_REQUIRED,
  type Quote,
} from '../../../common/quotes';
import { quotes } from '../../db/schema';
import { createTestApp, type Call, type Headers, type TestApp } from '../../test/app';
import { createTestAppWithMembers, createUser } from '../../test/factories';
import { createQuote, quoteBody } from './test/factories';

/* The quotes of the student home: one at random for members, and their administration. */

let t: TestApp, student: Headers, call: Call;
beforeAll(async () => ({ t, student, call } = await createTestAppWithMembers()));
afterAll(async () => t?.close());

describe('GET /api/quotes/random', () => {
  it('answers one of the built-in quotes to a member', async () => {
    const res = await call('GET', '/api/quotes/random', undefined, student);
    expect(res.statusCode).toBe(200);
    const { quote } = res.json<{ quote: Quote }>();
    expect(quote).toMatchObject({ text: expect.any(String), author: expect.any(String) });
    expect(QUOTE_CATEGORIES).toContain(quote.category);
  });

  it('keeps to the category asked for, and over many calls shows more than one quote', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { quote } = (await call('GET', '/api/quotes/random?category=war', undefined, student)).json();
      expect(quote.category).toBe('war');
      seen.add(quote.id);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('refuses an unknown category and answers 401 without a token', async () => {
    const res = await call('GET', '/api/quotes/random?category=poetry', undefined, student);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Category must be transformation, martial_arts, combat, inner_alchemy or war',
    });
    expect((await call('GET', '/api/quotes/random', undefined, {})).statusCode).toBe(401);
  });
});

describe('GET /api/admin/quotes', () => {
  it('lists the quotes of a category, newest first, with the total', async () => {
    const before = (await call('GET', '/api/admin/quotes?category=inner_alchemy&limit=1')).json().total;
    // Later than the built-in quotes, which carry the moment the database was made.
    const at = new Date('2099-01-01T00:00:00Z');
    const older = await createQuote(t, { category: 'inner_alchemy', created_at: at });
    const newer = await createQuote(t, {
      category: 'inner_alchemy',
      created_at: new Date(at.getTime() + 1000),
    });
    const res = await call('GET', '/api/admin/quotes?category=inner_alchemy&limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ quotes: Quote[]; total: number }>();
    expect(body.quotes.map((q) => q.id)).toEqual([newer.id, older.id]);
    expect(body.total).toBe(before + 2);
    const all = (await call('GET', '/api/admin/quotes?limit=1')).json().total;
    expect(all).toBeGreaterThanOrEqual(43);
  });

  it('is for administrators', async () => {
    expect((await call('GET', '/api/admin/quotes', undefined, student)).statusCode).toBe(403);
  });
});

describe('POST, PUT and DELETE /api/admin/quotes', () => {
  it('adds a quote, with empty Chinese text and source when none are given', async () => {
    const body = quoteBody();
    const res = await call('POST', '/api/admin/quotes', {
      text: body.text,
      author: ' Laozi ',
      category: 'war',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().quote).toMatchObject({
      text: body.text,
      author: 'Laozi',
      chinese: '',
      source: '',
      category: 'war',
      created_at: t.clock.now().toISOString(),
    });
  });

  it('answers each rule with its message and keeps nothing', async () => {
    const before = (await call('GET', '/api/admin/quotes?limit=1')).json().total;
    for (const [fields, message] of [
      [{ text: ' ' }, QUOTE_TEXT_REQUIRED],
      [{ author: undefined }, QUOTE_AUTHOR_REQUIRED],
      [{ text: 'x'.repeat(1001) }, 'Must be at most 1000 characters'],
      [{ chinese: 'x'.repeat(501) }, 'Chinese text must be at most 500 characters'],
      [{ source: 5 }, 'Source must be text'],
      [{ category: 'poetry' }, 'Category must be transformation, martial_arts, combat, inner_alchemy or war'],
    ] as const) {
      const res = await call('POST', '/api/admin/quotes', quoteBody(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    expect((await call('GET', '/api/admin/quotes?limit=1')).json().total).toBe(before);
  });

  it('saves a whole quote, keeping when it was added', async () => {
    const quote = await createQuote(t);
    t.clock.advance(60_000);
    const body = quoteBody({ category: 'transformation' });
    const res = await call('PUT', `/api/admin/quotes/${quote.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quote).toMatchObject({
      id: quote.id,
      ...body,
      created_at: quote.created_at.toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
  });

  it('deletes a quote, after which it is not found', async () => {
    const quote = await createQuote(t);
    const res = await call('DELETE', `/api/admin/quotes/${quote.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    for (const [method, payload] of [
      ['DELETE', undefined],
      ['PUT', quoteBody()],
    ] as const) {
      const again = await call(method, `/api/admin/quotes/${quote.id}`, payload);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: QUOTE_NOT_FOUND, code: 'QUOTE_NOT_FOUND' });
    }
  });

  it('is for administrators', async () => {
    const quote = await createQuote(t);
    expect((await call('POST', '/api/admin/quotes', quoteBody(), student)).statusCode).toBe(403);
    expect((await call('PUT', `/api/admin/quotes/${quote.id}`, quoteBody(), student)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/quotes/${randomUUID()}`, undefined, student)).statusCode).toBe(
      403,
    );
  });
});

describe('an empty quotes table', () => {
  it('answers a null quote rather than an error', async () => {
    const empty = await createTestApp();
    try {
      await empty.database.db.delete(quotes);
      const member = await createUser(empty);
      const res = await empty.app.inject({ method: 'GET', url: '/api/quotes/random', headers: member.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ quote: null });
    } finally {
      await empty.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import type { Db } from './client';

/**
 * Foreign keys whose referencing columns lead no index. Deleting a referenced row (a course, a
 * user) then scans the whole referencing table once per row: deleting a course with 100 lessons
 * took seconds. An index counts when its first columns are exactly the key's columns, in any order,
 * and it is neither partial nor invalid.
 */
async function foreignKeysWithoutIndex(db: Db): Promise<string[]> {
  const result: unknown = await db.execute(sql`
    select c.conrelid::regclass::text || ' (' || (
        select string_agg(a.attname, ', ' order by k.ord)
        from unnest(c.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
      ) || ') ' || c.conname as foreign_key
    from pg_constraint c
    where c.contype = 'f'
      and c.connamespace = 'public'::regnamespace
      and not exists (
        select 1 from pg_index i
        where i.indrelid = c.conrelid
          and i.indpred is null
          and i.indisvalid
          and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] @> c.conkey
          and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] <@ c.conkey
      )
    order by 1
  `);
  return (result as { rows: { foreign_key: string }[] }).rows.map((row) => row.foreign_key);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('foreign keys', () => {
  it('each have an index led by their columns', async () => {
    expect(await foreignKeysWithoutIndex(t.database.db)).toEqual([]);
  });

  it('are reported when no index serves them: none, one led by another column, or a partial one', async () => {
    const db = t.database.db;
    await db.execute(sql`create table fk_probe (
      id uuid primary key,
      user_id uuid references users(id),
      course_id uuid references courses(id),
      lesson_id uuid references lessons(id)
    )`);
    await db.execute(sql`create index fk_probe_id_course_idx on fk_probe (id, course_id)`);
    await db.execute(
      sql`create index fk_probe_lesson_idx on fk_probe (lesson_id) where lesson_id is not null`,
    );
    expect(await foreignKeysWithoutIndex(db)).toEqual([
      'fk_probe (course_id) fk_probe_course_id_fkey',
      'fk_probe (lesson_id) fk_probe_lesson_id_fkey',
      'fk_probe (user_id) fk_probe_user_id_fkey',
    ]);

    await db.execute(sql`create index fk_probe_user_course_idx on fk_probe (user_id, course_id)`);
    await db.execute(sql`create index fk_probe_course_user_idx on fk_probe (course_id, user_id)`);
    await db.execute(sql`create index fk_probe_lesson_all_idx on fk_probe (lesson_id)`);
    expect(await foreignKeysWithoutIndex(db)).toEqual([]);
    await db.execute(sql`drop table fk_probe`);
  });
});

/**
 * Indexes that order a column DESC NULLS LAST (what Drizzle's `.desc()` writes alone). The queries
 * order by `desc()`, which PostgreSQL reads as DESC NULLS FIRST, and an index in the other null
 * order cannot return rows in that order: each query sorted every matching row instead of reading
 * the first few. Schemas write `.desc().nullsFirst()`.
 */
async function indexesOrderedNullsLast(db: Db): Promise<string[]> {
  const result: unknown = await db.execute(sql`
    select indexname from pg_indexes
    where schemaname = 'public' and indexdef like '%DESC NULLS LAST%'
    order by 1
  `);
  return (result as { rows: { indexname: string }[] }).rows.map((row) => row.indexname);
}

describe('descending indexes', () => {
  it('put nulls first, as ORDER BY … DESC does, so a query can read them in order', async () => {
    expect(await indexesOrderedNullsLast(t.database.db)).toEqual([]);
  });

  it('are reported when they put nulls last', async () => {
    const db = t.database.db;
    await db.execute(sql`create table order_probe (id uuid primary key, at timestamptz not null)`);
    await db.execute(sql`create index order_probe_at_idx on order_probe (at desc nulls last, id desc)`);
    expect(await indexesOrderedNullsLast(db)).toEqual(['order_probe_at_idx']);
    await db.execute(sql`drop table order_probe`);
  });
});

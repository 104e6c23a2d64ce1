import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTE_EXISTS,
  NOTE_NOT_FOUND,
  NOTE_REQUIRED,
  CONVERSATION_NOT_FOUND,
} from '../../../../common/ai-sifu';
import { aiConversations, studentNotes } from '../../../db/schema';
import { createTestApp, type Headers, type TestApp } from '../../../test/app';
import { itConcurrently } from '../../../test/concurrency';
import { createConversation, createNote } from '../test/factories-conversations';
import { createAdmin, createUser } from '../../../test/factories';
import { createCourse } from '../../courses/test/factories';
import { NOT_OWNER_MESSAGE } from './sifu-notes.access';
import { NOTE_COURSE_MISMATCH } from './notes.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Student = Awaited<ReturnType<typeof createUser>>;
type Response = Awaited<ReturnType<TestApp['app']['inject']>>;
const post = (payload: object, headers?: Headers) => t.call('POST', '/api/student-notes', payload, headers);
const noteIds = (res: Response) => res.json<{ notes: { id: string }[] }>().notes.map((n) => n.id);
const notesOf = (conversationId: string) =>
  t.database.db.select().from(studentNotes).where(eq(studentNotes.ai_conversation_id, conversationId));

const HOUR = 3_600_000;
/** A conversation of the student's with a note on it, `hoursAgo` back from now. */
async function noted(
  student: Student,
  hoursAgo: number,
  fields: { question_text?: string; response_text?: string; note_text?: string; course_id?: string } = {},
) {
  const { note_text, ...conversationFields } = fields;
  const created_at = new Date(t.clock.now().getTime() - hoursAgo * HOUR);
  const conversation = await createConversation(t, student.user.id, { created_at, ...conversationFields });
  const note = await createNote(t, conversation, note_text);
  await t.database.db.update(studentNotes).set({ created_at }).where(eq(studentNotes.id, note.id));
  return { conversation, note: { ...note, created_at } };
}

describe('POST /api/student-notes', () => {
  it("writes a note on the student's own answer, under the answer's course", async () => {
    const me = await createUser(t);
    const course = await createCourse(t);
    const conversation = await createConversation(t, me.user.id, { course_id: course.id });
    const res = await post(
      { ai_conversation_id: conversation.id, course_id: course.id, note_text: '  Sink, then turn.  ' },
      me.auth,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().note).toEqual({
      id: expect.any(String),
      ai_conversation_id: conversation.id,
      course_id: course.id,
      note_text: 'Sink, then turn.',
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    const shown = await t.call('GET', `/api/ai-conversations/${conversation.id}`, undefined, me.auth);
    expect(shown.json().conversation.note).toEqual(res.json().note);

    // Without a course, the note takes the answer's.
    const other = await createConversation(t, me.user.id, { course_id: course.id });
    const implied = await post({ ai_conversation_id: other.id, note_text: 'Hips first' }, me.auth);
    expect(implied.json().note.course_id).toBe(course.id);
  });

  it('keeps one note per answer: a second is 409 NOTE_EXISTS', async () => {
    const me = await createUser(t);
    const conversation = await createConversation(t, me.user.id);
    const body = { ai_conversation_id: conversation.id, note_text: 'First thought' };
    expect((await post(body, me.auth)).statusCode).toBe(201);
    const again = await post({ ...body, note_text: 'Second thought' }, me.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: NOTE_EXISTS, code: 'NOTE_EXISTS' });
    expect((await notesOf(conversation.id)).map((n) => n.note_text)).toEqual(['First thought']);
  });

  itConcurrently('creates exactly one of two notes posted at once', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await createUser(t);
      const conversation = await createConversation(t, me.user.id);
      const results = await Promise.all(
        ['One', 'Two'].map((note_text) => post({ ai_conversation_id: conversation.id, note_text }, me.auth)),
      );
      expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((res) => res.statusCode === 409)!.json().code).toBe('NOTE_EXISTS');
      expect(await notesOf(conversation.id)).toHaveLength(1);
    }
  });

  it("refuses another's answer: a stranger finds nothing, an administrator may not write", async () => {
    const me = await createUser(t);
    const conversation = await createConversation(t, me.user.id);
    const body = { ai_conversation_id: conversation.id, note_text: 'Mine' };
    const stranger = await post(body, (await createUser(t)).auth);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: CONVERSATION_NOT_FOUND, code: 'CONVERSATION_NOT_FOUND' });
    const admin = await post(body, (await createAdmin(t)).auth);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ error: NOT_OWNER_MESSAGE, code: 'NOT_OWNER' });
    const missing = await post({ ...body, ai_conversation_id: randomUUID() }, me.auth);
    expect(missing.statusCode).toBe(404);
    expect((await post(body)).statusCode).toBe(401);
    expect(await notesOf(conversation.id)).toEqual([]);
  });

  it('validates the text, the ids and that the course is the answer’s', async () => {
    const me = await createUser(t);
    const course = await createCourse(t);
    const conversation = await createConversation(t, me.user.id, { course_id: course.id });
    for (const [body, message] of [
      [{ ai_conversation_id: conversation.id, note_text: '   ' }, NOTE_REQUIRED],
      [{ ai_conversation_id: conversation.id }, NOTE_REQUIRED],
      [
        { ai_conversation_id: conversation.id, note_text: 'x'.repeat(5001) },
        'Must be at most 5000 characters',
      ],
      [{ ai_conversation_id: 'nope', note_text: 'x' }, 'Invalid conversation id'],
      [{ ai_conversation_id: conversation.id, course_id: 'nope', note_text: 'x' }, 'Invalid course id'],
    ] as const) {
      const res = await post(body, me.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    const mismatch = await post(
      { ai_conversation_id: conversation.id, course_id: (await createCourse(t)).id, note_text: 'x' },
      me.auth,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ error: NOTE_COURSE_MISMATCH, code: 'NOTE_COURSE_MISMATCH' });
    expect(await notesOf(conversation.id)).toEqual([]);
  });
});

describe('GET, PUT and DELETE /api/student-notes/{id}', () => {
  it('reads, rewrites and deletes the student’s note; the answer stays', async () => {
    const me = await createUser(t);
    const { conversation, note } = await noted(me, 1, { note_text: 'Draft' });
    const url = `/api/student-notes/${note.id}`;
    const read = await t.call('GET', url, undefined, me.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json().note).toMatchObject({ id: note.id, note_text: 'Draft' });

    t.clock.advance(60_000);
    const put = await t.call('PUT', url, { note_text: ' Keep the elbows down ' }, me.auth);
    expect(put.statusCode).toBe(200);
    expect(put.json().note).toMatchObject({
      id: note.id,
      note_text: 'Keep the elbows down',
      created_at: note.created_at.toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    const blank = await t.call('PUT', url, { note_text: '' }, me.auth);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: NOTE_REQUIRED });

    const gone = await t.call('DELETE', url, undefined, me.auth);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ success: true });
    expect(await notesOf(conversation.id)).toEqual([]);
    const answer = await t.call('GET', `/api/ai-conversations/${conversation.id}`, undefined, me.auth);
    expect(answer.json().conversation).toMatchObject({ id: conversation.id, note: null });
    const missing = await t.call('GET', url, undefined, me.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: NOTE_NOT_FOUND, code: 'NOTE_NOT_FOUND' });
    // With the note gone, a new one may be written.
    expect(
      (await post({ ai_conversation_id: conversation.id, note_text: 'Again' }, me.auth)).statusCode,
    ).toBe(201);
  });

  it('answers 404 to a stranger, lets an administrator read but not change, and 401 without a token', async () => {
    const me = await createUser(t);
    const { conversation, note } = await noted(me, 1, { note_text: 'Private' });
    const url = `/api/student-notes/${note.id}`;
    const stranger = await createUser(t);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { note_text: 'Theirs' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, url, body, stranger.auth);
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({ error: NOTE_NOT_FOUND, code: 'NOTE_NOT_FOUND' });
      expect((await t.call(method, url, body)).statusCode, method).toBe(401);
    }
    const admin = await createAdmin(t);
    expect((await t.call('GET', url, undefined, admin.auth)).statusCode).toBe(200);
    for (const [method, body] of [
      ['PUT', { note_text: 'Edited by the school' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, url, body, admin.auth);
      expect(res.statusCode, method).toBe(403);
      expect(res.json(), method).toEqual({ error: NOT_OWNER_MESSAGE, code: 'NOT_OWNER' });
    }
    expect((await notesOf(conversation.id)).map((n) => n.note_text)).toEqual(['Private']);
    const unknown = await t.call('PUT', `/api/student-notes/${randomUUID()}`, { note_text: 'x' }, me.auth);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the notes lists', () => {
  it('pages a student’s notes, newest first, with the question and answer they are on', async () => {
    const me = await createUser(t);
    const course = await createCourse(t, { title: 'Baguazhang' });
    const made = [];
    for (let i = 0; i < 23; i++)
      made.push(await noted(me, i, { course_id: course.id, note_text: `Note ${i}` }));
    await noted(await createUser(t), 0);
    const url = `/api/users/${me.user.id}/notes`;
    const first = await t.call('GET', url, undefined, me.auth);
    expect(first.statusCode).toBe(200);
    expect(noteIds(first)).toEqual(made.slice(0, 20).map((m) => m.note.id));
    expect(first.json().total).toBe(23);
    expect(first.json().notes[0]).toEqual({
      id: made[0]!.note.id,
      ai_conversation_id: made[0]!.conversation.id,
      course_id: course.id,
      note_text: 'Note 0',
      created_at: made[0]!.conversation.created_at.toISOString(),
      updated_at: made[0]!.note.updated_at.toISOString(),
      question_text: made[0]!.conversation.question_text,
      response_text: made[0]!.conversation.response_text,
      course_title: 'Baguazhang',
    });
    const rest = await t.call('GET', `${url}?limit=5&offset=20`, undefined, me.auth);
    expect(noteIds(rest)).toEqual(made.slice(20).map((m) => m.note.id));
  });

  it('lists one course’s notes', async () => {
    const me = await createUser(t);
    const [a, b] = [await createCourse(t), await createCourse(t)];
    const inA = [await noted(me, 1, { course_id: a.id }), await noted(me, 2, { course_id: a.id })];
    await noted(me, 3, { course_id: b.id });
    await noted(me, 4);
    const url = `/api/users/${me.user.id}/notes/course/${a.id}`;
    const res = await t.call('GET', url, undefined, me.auth);
    expect(res.statusCode).toBe(200);
    expect(noteIds(res)).toEqual(inA.map((m) => m.note.id));
    expect(res.json().total).toBe(2);
    expect(noteIds(await t.call('GET', `${url}?limit=1`, undefined, me.auth))).toEqual([inA[0]!.note.id]);
  });

  it('searches the note, the question and the answer: every word, hanzi, % and _ literally', async () => {
    const me = await createUser(t);
    const inNote = await noted(me, 1, { note_text: 'Teacher said: 站桩 daily, 100% relaxed' });
    const inQuestion = await noted(me, 2, { question_text: 'What is Péng jìn?', note_text: 'ward off' });
    const inAnswer = await noted(me, 3, { response_text: 'Use the dan_tian cue', note_text: 'cue' });
    await noted(await createUser(t), 0, { note_text: '站桩 daily' });
    const search = (q: string) =>
      t.call('GET', `/api/users/${me.user.id}/notes/search?q=${encodeURIComponent(q)}`, undefined, me.auth);
    const found = async (q: string) => noteIds(await search(q));
    expect(await found('站桩')).toEqual([inNote.note.id]);
    expect(await found('daily relaxed')).toEqual([inNote.note.id]);
    expect(await found('daily tense')).toEqual([]);
    expect(await found('%')).toEqual([inNote.note.id]);
    expect(await found('peng jin')).toEqual([inQuestion.note.id]);
    expect(await found('_')).toEqual([inAnswer.note.id]);
    expect(await found('CUE')).toEqual([inAnswer.note.id]);
    const blank = await t.call('GET', `/api/users/${me.user.id}/notes/search?q=`, undefined, me.auth);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Please enter a search term');
  });

  it('counts notes, their courses and the last 7 days', async () => {
    const me = await createUser(t);
    const [a, b] = [await createCourse(t), await createCourse(t)];
    await noted(me, 1, { course_id: a.id });
    await noted(me, 24 * 6, { course_id: a.id });
    await noted(me, 24 * 8, { course_id: b.id });
    await noted(me, 24 * 40);
    await createConversation(t, me.user.id);
    const res = await t.call('GET', `/api/users/${me.user.id}/notes/stats`, undefined, me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total_notes: 4, courses_with_notes: 2, recent_notes: 2 });
  });

  it('answers a conversation’s note as a list of none or one', async () => {
    const me = await createUser(t);
    const { conversation, note } = await noted(me, 1, { note_text: 'Only one' });
    const bare = await createConversation(t, me.user.id);
    const res = await t.call('GET', `/api/ai-conversations/${conversation.id}/notes`, undefined, me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ notes: [{ id: note.id, note_text: 'Only one' }], total: 1 });
    expect(
      (await t.call('GET', `/api/ai-conversations/${bare.id}/notes`, undefined, me.auth)).json(),
    ).toEqual({
      notes: [],
      total: 0,
    });
    const stranger = await t.call(
      'GET',
      `/api/ai-conversations/${conversation.id}/notes`,
      undefined,
      (await createUser(t)).auth,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('CONVERSATION_NOT_FOUND');
    const admin = await t.call(
      'GET',
      `/api/ai-conversations/${conversation.id}/notes`,
      undefined,
      (await createAdmin(t)).auth,
    );
    expect(admin.json().total).toBe(1);
  });

  it('refuses another student’s lists, lets an administrator read them, 404 for nobody', async () => {
    const me = await createUser(t);
    const { note } = await noted(me, 1);
    const stranger = await createUser(t);
    const admin = await createAdmin(t);
    for (const path of ['', `/course/${randomUUID()}`, '/search?q=class', '/stats']) {
      const url = `/api/users/${me.user.id}/notes${path}`;
      const refused = await t.call('GET', url, undefined, stranger.auth);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code, url).toBe('NOT_OWNER');
      expect((await t.call('GET', url)).statusCode, url).toBe(401);
      expect((await t.call('GET', url, undefined, admin.auth)).statusCode, url).toBe(200);
      const nobody = await t.call('GET', `/api/users/${randomUUID()}/notes${path}`, undefined, admin.auth);
      expect(nobody.statusCode, url).toBe(404);
      expect(nobody.json().code, url).toBe('USER_NOT_FOUND');
    }
    expect(noteIds(await t.call('GET', `/api/users/${me.user.id}/notes`, undefined, admin.auth))).toEqual([
      note.id,
    ]);
  });

  it('loses a note with its conversation', async () => {
    const me = await createUser(t);
    const { conversation, note } = await noted(me, 1);
    await t.database.db.delete(aiConversations).where(eq(aiConversations.id, conversation.id));
    expect((await t.call('GET', `/api/student-notes/${note.id}`, undefined, me.auth)).statusCode).toBe(404);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AiConversation } from '../../../common/ai-sifu';
import { CONVERSATION_DELETE_FAILED, HISTORY_LOAD_FAILED, NOTE_DELETE_FAILED } from './messages';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { SifuNotesPage } from './sifu-notes-page';
import { COURSE_ID, OTHER_COURSE_ID, makeConversation, makeNote, makeUsage } from './test-data';

const student = makeUser();
const base = `/api/users/${student.id}/ai-conversations`;
type Routes = Parameters<typeof stubFetch>[0];

/** The student's history as the server keeps it: notes and deletions change it. */
function server(conversations: AiConversation[], routes: Routes = {}, total = conversations.length) {
  let list = [...conversations];
  const page = () => ({ body: { conversations: list, total: Math.max(total, list.length) } });
  const stub = stubFetch({
    [`POST /api/verify/user/${student.id}`]: () => ({ body: { valid: true, user: student } }),
    'GET /api/ai-sifu/usage': () => ({ body: makeUsage() }),
    [`GET ${base}/stats`]: () => ({
      body: { total_conversations: 42, courses_discussed: 2, recent_conversations: 5 },
    }),
    [`GET ${base}`]: page,
    [`GET ${base}/search`]: ({ query }) => ({
      body: {
        conversations: list.filter((c) => c.question_text.includes(query.get('q') ?? '')),
        total: 0,
      },
    }),
    [`GET ${base}/course/${OTHER_COURSE_ID}`]: () => ({
      body: { conversations: list.filter((c) => c.course_context === OTHER_COURSE_ID), total: 1 },
    }),
    'POST /api/student-notes': ({ body }) => {
      const input = body as { ai_conversation_id: string; course_id: string | null; note_text: string };
      const note = makeNote({ ...input });
      list = list.map((c) => (c.id === input.ai_conversation_id ? { ...c, note } : c));
      return { status: 201, body: { note } };
    },
    ...routes,
  });
  return {
    ...stub,
    setList: (next: AiConversation[]) => (list = next),
    current: () => list,
  };
}

function renderPage() {
  signInAs(student);
  return renderRoutes([{ path: '/app/sifu-notes', element: <SifuNotesPage /> }], '/app/sifu-notes');
}

const card = (question: string) => screen.getByRole('article', { name: question });

describe('SifuNotesPage', () => {
  it('shows the stats and the history, a note standing in place of its answer', async () => {
    const noted = makeConversation({
      question_text: 'How long should I stand?',
      response_text: 'Start with five minutes.',
      note: makeNote({ note_text: 'Ten minutes by December.' }),
    });
    server([makeConversation(), noted]);
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: "Sifu's Notes", level: 1 })).toBeTruthy();
    await screen.findByRole('article', { name: 'What is zhan zhuang?' });
    const stats = screen.getByText('Conversations').closest('dl')!;
    expect(within(stats).getByText('42')).toBeTruthy();
    expect(within(stats).getByText('Courses discussed').nextSibling?.textContent).toBe('2');
    expect(within(stats).getByText('Last 7 days').nextSibling?.textContent).toBe('5');
    expect(within(card('What is zhan zhuang?')).getByText('Zhan zhuang is standing practice.')).toBeTruthy();
    expect(within(card('What is zhan zhuang?')).getByRole('list', { name: 'Glossary terms' })).toBeTruthy();

    const notedCard = card('How long should I stand?');
    expect(within(notedCard).getByText('Ten minutes by December.')).toBeTruthy();
    const toggle = within(notedCard).getByRole('button', { name: 'Show original answer' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(notedCard).getByText('Start with five minutes.')).toBeTruthy();
  });

  it('pages the history 20 at a time', async () => {
    const { calls } = server([makeConversation()], {}, 45);
    const { user } = renderPage();
    await screen.findByText('Page 1 of 3');
    expect(calls.find((c) => c.path === base)?.query.toString()).toBe('limit=20&offset=0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(
      calls
        .filter((c) => c.path === base)
        .at(-1)
        ?.query.toString(),
    ).toBe('limit=20&offset=20');
  });

  it('searches once the typing pauses, and says when nothing matches', async () => {
    const { calls } = server([
      makeConversation(),
      makeConversation({ question_text: 'Where do my knees go?' }),
    ]);
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'What is zhan zhuang?' });
    await user.type(screen.getByRole('searchbox', { name: 'Search your conversations' }), 'knees');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'What is zhan zhuang?' })).toBeNull());
    expect(await screen.findByRole('article', { name: 'Where do my knees go?' })).toBeTruthy();
    const searches = calls.filter((c) => c.path === `${base}/search`);
    // One call for the whole word, not one a keystroke.
    expect(searches.map((c) => c.query.toString())).toEqual(['q=knees&limit=20']);

    await user.type(screen.getByRole('searchbox', { name: 'Search your conversations' }), 'xyz');
    expect(await screen.findByText('No conversations match "kneesxyz".')).toBeTruthy();
  });

  it('filters the history by course', async () => {
    const { calls } = server([
      makeConversation(),
      makeConversation({
        question_text: 'What is pi quan?',
        course_context: OTHER_COURSE_ID,
        course_title: 'Xingyi',
      }),
    ]);
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'What is zhan zhuang?' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'Xingyiquan Five Elements');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'What is zhan zhuang?' })).toBeNull());
    expect(await screen.findByRole('article', { name: 'What is pi quan?' })).toBeTruthy();
    expect(calls.find((c) => c.path === `${base}/course/${OTHER_COURSE_ID}`)?.query.get('limit')).toBe('20');
  });

  it('annotates an answer, edits the note and deletes it, the original answer showing again', async () => {
    const conversation = makeConversation();
    const stub = server([conversation], {
      'PUT /api/student-notes/d5846c90-a3f7-4e92-9ab5-e16c5d7e8f96': ({ body }) => {
        const note = makeNote({ ...(body as object), ai_conversation_id: conversation.id });
        stub.setList(stub.current().map((c) => ({ ...c, note })));
        return { body: { note } };
      },
      'DELETE /api/student-notes/d5846c90-a3f7-4e92-9ab5-e16c5d7e8f96': () => {
        stub.setList(stub.current().map((c) => ({ ...c, note: null })));
        return { body: { success: true } };
      },
    });
    const { user } = renderPage();
    const article = await screen.findByRole('article', { name: 'What is zhan zhuang?' });
    await user.click(within(article).getByRole('button', { name: 'Annotate' }));
    await user.type(within(article).getByRole('textbox', { name: 'Your note' }), 'Keep the knees soft');
    await user.click(within(article).getByRole('button', { name: 'Save note' }));
    expect(await within(article).findByText('Keep the knees soft')).toBeTruthy();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      ai_conversation_id: conversation.id,
      course_id: COURSE_ID,
      note_text: 'Keep the knees soft',
    });
    expect(within(article).queryByText('Zhan zhuang is standing practice.')).toBeNull();

    await user.click(within(article).getByRole('button', { name: 'Edit note' }));
    const box = within(article).getByRole('textbox', { name: 'Edit your note' });
    expect((box as HTMLTextAreaElement).value).toBe('Keep the knees soft');
    await user.clear(box);
    await user.type(box, 'Knees over the toes, never past');
    await user.click(within(article).getByRole('button', { name: 'Save note' }));
    expect(await within(article).findByText('Knees over the toes, never past')).toBeTruthy();

    await user.click(within(article).getByRole('button', { name: 'Delete note' }));
    expect(await within(article).findByText('Zhan zhuang is standing practice.')).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Annotate' })).toBeTruthy();
  });

  it('says so inline when a note cannot be deleted', async () => {
    server([makeConversation({ note: makeNote() })], {
      'DELETE /api/student-notes/d5846c90-a3f7-4e92-9ab5-e16c5d7e8f96': () => serverFailure,
    });
    const { user } = renderPage();
    const article = await screen.findByRole('article', { name: 'What is zhan zhuang?' });
    await user.click(within(article).getByRole('button', { name: 'Delete note' }));
    expect((await within(article).findByRole('alert')).textContent).toBe(NOTE_DELETE_FAILED);
  });

  it('deletes a conversation after a confirmation that it cannot be undone', async () => {
    const conversation = makeConversation();
    let fail = true;
    const stub = server([conversation], {
      [`DELETE /api/ai-conversations/${conversation.id}`]: () => {
        if (fail) return serverFailure;
        stub.setList([]);
        return { body: { success: true } };
      },
    });
    const { user } = renderPage();
    const article = await screen.findByRole('article', { name: 'What is zhan zhuang?' });
    await user.click(within(article).getByRole('button', { name: 'Delete conversation' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete conversation' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(article).findByRole('alert')).textContent).toBe(CONVERSATION_DELETE_FAILED);

    fail = false;
    await user.click(within(article).getByRole('button', { name: 'Delete conversation' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete conversation' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText('No conversations yet. Open one of your courses and ask AI Sifu a question.'),
    ).toBeTruthy();
  });

  it('says the history failed to load, and loads it again on Retry', async () => {
    let fail = true;
    server([makeConversation()], {
      [`GET ${base}`]: () =>
        fail
          ? serverFailure
          : { body: { conversations: [makeConversation({ question_text: 'Back again?' })], total: 1 } },
    });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(HISTORY_LOAD_FAILED)).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Back again?' })).toBeTruthy();
  });
});

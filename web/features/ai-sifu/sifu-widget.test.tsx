import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NOTE_SAVE_FAILED, SIFU_GENERIC_ERROR, SIFU_GENERIC_WELCOME } from './messages';
import { makeUser, renderRoutes, serverFailure, signInAs, stubFetch } from '../../test/render';
import { AskSifuAboutLesson, CourseSifu } from './course-sifu';
import { SifuWidget } from './sifu-widget';
import {
  COURSE_ID,
  COURSE_TITLE,
  OTHER_COURSE_ID,
  makeAnswer,
  makeSifuCourse,
  makeUsage,
  sseStream,
  zhanZhuangEntry,
} from './test-data';

const student = makeUser();
type Routes = Parameters<typeof stubFetch>[0];

function server(routes: Routes = {}, who = student) {
  return stubFetch({
    [`POST /api/verify/user/${who.id}`]: () => ({ body: { valid: true, user: who } }),
    'GET /api/ai-sifu/usage': () => ({ body: makeUsage() }),
    ...routes,
  });
}

/**
 * Answers the ask call with `respond` (a stream, JSON or a failure) and records each question;
 * every other call goes to the stubs already in place.
 */
function stubAsk(respond: () => Response) {
  const asked: { body: unknown; accept: string | null }[] = [];
  const others = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, 'http://localhost').pathname === '/api/ai-sifu/ask') {
      asked.push({
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        accept: new Headers(init.headers).get('Accept'),
      });
      return respond();
    }
    return others(input, init);
  });
  return asked;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderWidget() {
  signInAs(student);
  return renderRoutes(
    [
      {
        path: '/app/course/:courseId',
        element: <SifuWidget userId={student.id} courseId={COURSE_ID} courseTitle={COURSE_TITLE} />,
      },
    ],
    `/app/course/${COURSE_ID}`,
  );
}

async function openPanel(user: ReturnType<typeof renderWidget>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Ask AI Sifu' }));
  return screen.getByRole('dialog', { name: 'AI Sifu' });
}

const questionBox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your question' });
const conversation = () => screen.getByRole('log', { name: 'Conversation with AI Sifu' });

describe('CourseSifu', () => {
  const routes = [{ path: '/app/course/:courseId', element: <CourseSifu /> }];

  it('shows AI Sifu to an enrolled student, greeting them afresh for another course', async () => {
    server({
      [`GET /api/courses/${COURSE_ID}`]: () => ({
        body: { course: makeSifuCourse(COURSE_ID, COURSE_TITLE, true) },
      }),
      [`GET /api/courses/${OTHER_COURSE_ID}`]: () => ({
        body: { course: makeSifuCourse(OTHER_COURSE_ID, 'Xingyiquan Five Elements', true) },
      }),
    });
    signInAs(student);
    const { user, router } = renderRoutes(routes, `/app/course/${COURSE_ID}`);
    await openPanel(user);
    expect(
      await screen.findByText(`Hello, I'm AI Sifu. Ask me anything about ${COURSE_TITLE}.`),
    ).toBeTruthy();
    expect(screen.getByText('This course: 3/30 questions used this month.')).toBeTruthy();
    await act(() => router.navigate(`/app/course/${OTHER_COURSE_ID}`));
    await openPanel(user);
    expect(
      await screen.findByText("Hello, I'm AI Sifu. Ask me anything about Xingyiquan Five Elements."),
    ).toBeTruthy();
    expect(screen.getByText('This course: 0/30 questions used this month.')).toBeTruthy();
  });

  it('asks about a lesson from the lesson viewer: the lesson closes, the question begins with its title', async () => {
    const lessonId = '5d0c8a1e-3b7f-4c2a-9e61-0f4b2d7c8a93';
    const moduleId = '6e1d9b2f-4c80-4d3b-8f72-1a5c3e8d9ba4';
    const course = makeSifuCourse(COURSE_ID, COURSE_TITLE, true);
    course.modules = [
      {
        id: moduleId,
        course_id: COURSE_ID,
        title: 'Standing',
        description: '',
        order_sequence: 1,
        lessons: [
          {
            id: lessonId,
            module_id: moduleId,
            title: 'The Structure of Wuji Posture',
            lesson_type: 'article',
            content_url: null,
            content_text: 'Wuji means without limit.',
            duration_minutes: 10,
            order_sequence: 1,
            is_required: true,
            pass_mark: null,
          },
        ],
      },
    ];
    server({ [`GET /api/courses/${COURSE_ID}`]: () => ({ body: { course } }) });
    signInAs(student);
    const { user, router } = renderRoutes(
      [
        {
          path: '/app/course/:courseId',
          element: (
            <>
              <AskSifuAboutLesson lessonId={lessonId} />
              <CourseSifu />
            </>
          ),
        },
      ],
      `/app/course/${COURSE_ID}?lesson=${lessonId}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Ask AI Sifu about this lesson' }));
    expect(screen.getByRole('dialog', { name: 'AI Sifu' })).toBeTruthy();
    expect(questionBox().value).toBe('About “The Structure of Wuji Posture”: ');
    await waitFor(() => expect(document.activeElement).toBe(questionBox()));
    expect(questionBox().selectionStart).toBe(questionBox().value.length);
    // The lesson is closed and the request forgotten, so going on does not open the panel again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.type(questionBox(), 'why build it from the ground up?');
    expect(questionBox().value).toBe(
      'About “The Structure of Wuji Posture”: why build it from the ground up?',
    );
  });

  it('is not shown to a student who is not enrolled, nor to an administrator', async () => {
    const admin = makeUser({ is_admin: true, role: 'admin' });
    server(
      {
        [`GET /api/courses/${COURSE_ID}`]: () => ({
          body: { course: makeSifuCourse(COURSE_ID, COURSE_TITLE, true) },
        }),
        [`GET /api/courses/${OTHER_COURSE_ID}`]: () => ({
          body: { course: makeSifuCourse(OTHER_COURSE_ID, 'Xingyiquan', false) },
        }),
      },
      admin,
    );
    signInAs(admin);
    const first = renderRoutes(routes, `/app/course/${COURSE_ID}`);
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Ask AI Sifu' })).toBeNull();
    first.unmount();

    server({
      [`GET /api/courses/${OTHER_COURSE_ID}`]: () => ({
        body: { course: makeSifuCourse(OTHER_COURSE_ID, 'Xingyiquan', false) },
      }),
    });
    signInAs(student);
    const second = renderRoutes(routes, `/app/course/${OTHER_COURSE_ID}`);
    await waitFor(() => expect(second.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Ask AI Sifu' })).toBeNull();
  });
});

describe('SifuWidget', () => {
  it('opens, minimises and closes, moving the focus with it', async () => {
    server();
    const { user } = renderWidget();
    const panel = await openPanel(user);
    await waitFor(() => expect(document.activeElement).toBe(questionBox()));
    expect(within(panel).getByText('3/30 this month')).toBeTruthy();
    expect(within(panel).getByText(COURSE_TITLE)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Minimise AI Sifu' }));
    expect(screen.queryByRole('dialog', { name: 'AI Sifu' })).toBeNull();
    const restore = screen.getByRole('button', { name: 'AI Sifu' });
    expect(document.activeElement).toBe(restore);

    await user.click(restore);
    expect(screen.getByRole('dialog', { name: 'AI Sifu' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'AI Sifu' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ask AI Sifu' }));
  });

  it('greets with the generic welcome when the usage cannot be read', async () => {
    server({ 'GET /api/ai-sifu/usage': () => serverFailure });
    const { user } = renderWidget();
    await openPanel(user);
    expect(await screen.findByText(SIFU_GENERIC_WELCOME)).toBeTruthy();
  });

  it('streams the answer as it is written, one question at a time, then shows its sources', async () => {
    server();
    const stream = sseStream();
    const asked = stubAsk(stream.response);
    const { user } = renderWidget();
    await openPanel(user);
    await user.type(questionBox(), 'what is zhan zhuang{Enter}');
    expect(asked).toEqual([
      { body: { question: 'what is zhan zhuang', course_id: COURSE_ID }, accept: 'text/event-stream' },
    ]);
    expect(questionBox().disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send question' }).disabled).toBe(true);
    expect(conversation().getAttribute('aria-busy')).toBe('true');

    act(() => stream.send('delta', { text: 'Zhan zhuang is ' }));
    expect(await within(conversation()).findByText('Zhan zhuang is')).toBeTruthy();
    act(() => stream.send('delta', { text: 'standing practice' }));
    expect(await within(conversation()).findByText('Zhan zhuang is standing practice')).toBeTruthy();

    const answer = makeAnswer({ cached: true });
    act(() => {
      stream.send('answer', { data: answer });
      stream.close();
    });
    expect(await within(conversation()).findByText(answer.response)).toBeTruthy();
    await waitFor(() => expect(questionBox().disabled).toBe(false));
    expect(conversation().getAttribute('aria-busy')).toBe('false');
    expect(within(conversation()).getByText('Cached')).toBeTruthy();
    const terms = within(conversation()).getByRole('list', { name: 'Glossary terms' });
    expect(within(terms).getByRole('button').textContent).toBe('Zhan zhuang站樁');
    expect(within(conversation()).getByRole('list', { name: 'Training manual' })).toBeTruthy();
    expect(within(conversation()).getByRole('list', { name: 'Classical references' })).toBeTruthy();
    const lessons = within(conversation()).getByRole('list', { name: 'Lessons' });
    expect(within(lessons).getByRole('link', { name: 'Your first stance' }).getAttribute('href')).toBe(
      `/app/course/${COURSE_ID}?lesson=${answer.lessons_used[0]!.id}`,
    );
  });

  it('keeps Shift+Enter as a new line and sends no empty question', async () => {
    server();
    const asked = stubAsk(() => json(200, { data: makeAnswer() }));
    const { user } = renderWidget();
    await openPanel(user);
    await user.type(questionBox(), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(asked).toHaveLength(0);
    await user.clear(questionBox());
    await user.type(questionBox(), 'first line{Shift>}{Enter}{/Shift}second');
    expect(questionBox().value).toBe('first line\nsecond');
    expect(asked).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(asked).toHaveLength(1);
  });

  it('reads a plain JSON answer when the server does not stream', async () => {
    server();
    const answer = makeAnswer({ response: 'Stand, and breathe.' });
    stubAsk(() => json(200, { data: answer }));
    const { user } = renderWidget();
    await openPanel(user);
    await user.type(questionBox(), 'how do I stand?{Enter}');
    expect(await within(conversation()).findByText('Stand, and breathe.')).toBeTruthy();
  });

  it("shows a usage limit's message in a red Error bubble, as a status or as a stream event", async () => {
    server();
    const limit = {
      error: 'Question limit reached',
      code: 'USAGE_LIMIT',
      reason: 'course_limit_reached',
      limit: 3,
      used: 3,
      courseId: COURSE_ID,
      message: "You have used this month's 3 questions for this course.",
    };
    let streamed = false;
    stubAsk(() => {
      if (!streamed) {
        streamed = true;
        return json(403, limit);
      }
      const stream = sseStream();
      stream.send('error', { ...limit, message: 'Streamed limit message.' });
      stream.close();
      return stream.response();
    });
    const { user } = renderWidget();
    await openPanel(user);
    await user.type(questionBox(), 'one more?{Enter}');
    const bubble = await within(conversation()).findByRole('alert');
    expect(bubble.textContent).toBe(`Error${limit.message}`);
    await waitFor(() => expect(questionBox().disabled).toBe(false));
    await user.type(questionBox(), 'and again?{Enter}');
    await waitFor(() => expect(within(conversation()).getAllByRole('alert')).toHaveLength(2));
    expect(within(conversation()).getAllByRole('alert')[1]!.textContent).toBe('ErrorStreamed limit message.');
  });

  it('shows the generic text when the server fails without a word', async () => {
    server();
    stubAsk(() => new Response(null, { status: 502 }));
    const { user } = renderWidget();
    await openPanel(user);
    await user.type(questionBox(), 'hello?{Enter}');
    expect((await within(conversation()).findByRole('alert')).textContent).toBe(`Error${SIFU_GENERIC_ERROR}`);
  });

  it("opens a source chip's entry with its characters, pinyin, text and source", async () => {
    server({
      [`GET /api/ai-sifu/knowledge/${zhanZhuangEntry.id}`]: () => ({ body: { entry: zhanZhuangEntry } }),
    });
    stubAsk(() => json(200, { data: makeAnswer() }));
    const { user } = renderWidget();
    await openPanel(user);
    await user.type(questionBox(), 'what is zhan zhuang{Enter}');
    const terms = await within(conversation()).findByRole('list', { name: 'Glossary terms' });
    await user.click(within(terms).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Zhan zhuang' });
    expect(within(dialog).getByText('Glossary term')).toBeTruthy();
    expect(within(dialog).getByText('站樁')).toBeTruthy();
    expect(within(dialog).getByText('zhàn zhuāng')).toBeTruthy();
    expect(within(dialog).getByText('Standing like a post.')).toBeTruthy();
    expect(within(dialog).getByText('The root of internal training.')).toBeTruthy();
    expect(within(dialog).getByText('Source: School glossary')).toBeTruthy();
  });

  it('saves a note on an answer, and says so inline when the save fails', async () => {
    let fail = true;
    const { calls } = server({
      'POST /api/student-notes': ({ body }) =>
        fail
          ? serverFailure
          : {
              status: 201,
              body: {
                note: {
                  id: 'd5846c90-a3f7-4e92-9ab5-e16c5d7e8f96',
                  ...(body as object),
                  created_at: '2026-11-27T10:00:00.000Z',
                  updated_at: '2026-11-27T10:00:00.000Z',
                },
              },
            },
    });
    const answer = makeAnswer();
    stubAsk(() => json(200, { data: answer }));
    const { user } = renderWidget();
    await openPanel(user);
    await user.type(questionBox(), 'what is zhan zhuang{Enter}');
    await user.click(await within(conversation()).findByRole('button', { name: 'Save note' }));
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(screen.getByText('Please write a note')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Your note' }), 'Relax the shoulders');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTE_SAVE_FAILED);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note saved.', { exact: false })).toBeTruthy();
    const saved = calls.filter((call) => call.method === 'POST' && call.path === '/api/student-notes');
    expect(saved.at(-1)?.body).toEqual({
      ai_conversation_id: answer.conversation_id,
      course_id: COURSE_ID,
      note_text: 'Relax the shoulders',
    });
    expect(screen.getByRole('link', { name: "Open Sifu's Notes" }).getAttribute('href')).toBe(
      '/app/sifu-notes',
    );
  });
});

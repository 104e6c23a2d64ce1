import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import { mailOutbox } from '../db/schema';
import type { Access } from '../platform/auth';
import type { TestApp } from './app';
import { createAdmin, createUser } from './factories';
import { createBlogPost } from '../modules/blog/test/factories';
import { createBooking } from '../modules/bookings/test/factories';
import { createCourse, enrollUser, type CreatedCourse } from '../modules/courses/test/factories';
import { createChat } from '../modules/messages/test/factories';
import { acceptTerms } from '../modules/terms/test/factories';
import { completeLesson } from '../modules/progress/test/factories';
import { createCourseRequest } from '../modules/course-requests/test/factories';
import { createDeadJob } from '../modules/jobs/test/factories';
import { createMediaFile } from '../modules/uploads/test/factories';
import { createReview } from '../modules/reviews/test/factories';
import { createSubscription } from '../modules/payments/test/factories';
import { createTestimonial } from '../modules/testimonials/test/factories';

/*
 * The engine of the access matrix: every route is called as four actors and each answer is held
 * to what the route's declared access level implies, unless its entry says otherwise.
 */

export type Actor = Awaited<ReturnType<typeof createUser>>;
export type ActorName = 'anonymous' | 'studentA' | 'studentB' | 'admin';
export const ACTORS: ActorName[] = ['anonymous', 'studentA', 'studentB', 'admin'];

/** Student A's objects; every call is built from these, so B and the admin act on A's ids. */
export interface World {
  a: Actor;
  b: Actor;
  admin: Actor;
  /** Free and published; A is enrolled, has completed its first lesson and taken its quiz once. */
  course: CreatedCourse;
  /** Paid; A has an open checkout for it. */
  paidCourse: CreatedCourse;
  checkout: { session_id: string; order_id: string };
  /** A's published review of `course`. */
  reviewId: string;
  courseRequestId: string;
  termsVersion: string;
  /** A's acceptance of the current terms. */
  termsRecordId: string;
  /** A file A uploaded. */
  mediaPublicId: string;
  /** An e-mail to A in the outbox. */
  outboxMessageId: string;
  /** A job that used up its attempts. */
  deadJobId: string;
  /** A pending testimonial (a visitor's, so no student owns it). */
  testimonialId: string;
  /** A published blog post. */
  blogPost: { id: string; slug: string };
  /** A's 1-on-1, made while signed in, and its manage token. */
  booking: { id: string; token: string };
  /** A's conversation with the admin: a message from A and one to A. */
  chat: { conversationId: string; fromA: string; toA: string };
  /** Someone A may start a conversation with, made afresh where a call needs one. */
  outsider?: string;
  /** A's AI Sifu conversation (with A's note on it unless the call writes one), made afresh where a call needs one. */
  sifu?: { conversationId: string; noteId?: string };
}

/** What a call sends, apart from the actor's token. */
export interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Bytes sent as they are, with their content type (multipart uploads, signed webhooks). */
  raw?: { payload: Buffer | string; headers: Record<string, string> };
}

/**
 * - `allowed`: the entry's success status (never 401/403);
 * - `denied`: 403 or 404, and nothing of A's changes;
 * - `401` / `403`: exactly that;
 * - `{ status, code }`: a rule of the route itself (not access), spelled out where it is declared.
 */
export type Outcome = 'allowed' | 'denied' | 401 | 403 | { status: number; code?: string };

export interface MatrixEntry {
  /** `METHOD /api/path/:param`, as the route table names it. */
  route: string;
  /** A's call, built from the world (a minimal valid body, A's ids in params and query). */
  call?: (w: World) => Call;
  /** Status of an allowed call (default 200). */
  status?: number;
  /** Outcomes that differ from the defaults of the route's access level. */
  expect?: Partial<Record<ActorName, Outcome>>;
  /**
   * Objects made afresh for each actor's call, replacing those of the shared world: any row whose
   * allowed call changes something needs them, so no case depends on another.
   */
  fresh?: (t: TestApp, w: World) => Promise<Partial<World>>;
  /** A's state that a refused call must leave as it was (read before and after). */
  unchanged?: (t: TestApp, w: World) => Promise<unknown>;
  /** More to check on an answer, e.g. that another student sees only the public profile. */
  check?: (res: InjectResponse, actor: ActorName, w: World) => void;
  /** The answer is a stream that stays open (server-sent events): an allowed call reads its first event. */
  stream?: boolean;
}

/** The rows of a table whose column has a value: what an `unchanged` check usually reads. */
export const rowsWhere = (t: TestApp, table: PgTable, column: PgColumn, value: string) =>
  t.database.db.select().from(table).where(eq(column, value));

/** Students may call these for themselves: with A's body, B acts on B's own account, not A's. */
export const ownAccountOnly = { studentB: 'allowed' } as const;

/** What a route's access level implies for each actor. */
export function defaultOutcome(access: Access, actor: ActorName): Outcome {
  if (access === 'public') return 'allowed';
  if (actor === 'anonymous') return 401;
  if (access === 'admin') return actor === 'admin' ? 'allowed' : 403;
  return actor === 'studentB' ? 'denied' : 'allowed';
}

export async function buildWorld(t: TestApp): Promise<World> {
  const a = await createUser(t, { name: 'Mei Chen' });
  const b = await createUser(t, { name: 'Wei Zhang' });
  const admin = await createAdmin(t, { name: 'Sifu Lin' });

  const course = await createCourse(t, { modules: 1, lessonsPerModule: 2, quiz: true });
  await enrollUser(t, a.user.id, course.id);
  await completeLesson(t, a.user.id, course.id, course.lessonIds[0]![0]!);
  const quiz = await t.call(
    'POST',
    `/api/lessons/${course.quizLessonId}/submit-quiz`,
    { userId: a.user.id, responses: [{ question_id: 'q1', user_answer: 0 }] },
    a.auth,
  );
  expect(quiz.statusCode, quiz.body).toBe(200);

  const paidCourse = await createCourse(t, { price: 49, modules: 1, lessonsPerModule: 1 });
  const started = await t.call('POST', '/api/stripe/create-checkout', { course_id: paidCourse.id }, a.auth);
  expect(started.statusCode, started.body).toBe(200);
  const { session_id, order_id } = started.json<{ session_id: string; order_id: string }>();

  const terms = await acceptTerms(t, a.user.id);
  await createSubscription(t, a.user.id);
  const [mail] = await t.database.db
    .insert(mailOutbox)
    .values({
      to_address: a.user.email,
      subject: 'Welcome',
      text_body: 'Welcome to the school',
      status: 'logged',
    })
    .returning({ id: mailOutbox.id });
  const booking = await createBooking(t, {
    start_time: new Date('2026-03-10T19:00:00Z'),
    user_id: a.user.id,
    email: a.user.email,
  });
  return {
    a,
    b,
    admin,
    booking: { id: booking.booking.id, token: booking.token },
    chat: await createChat(t, a.user.id, admin.user.id),
    course,
    paidCourse,
    checkout: { session_id, order_id },
    reviewId: (await createReview(t, a.user.id, course.id)).id,
    courseRequestId: (await createCourseRequest(t, a.user.id)).id,
    termsVersion: terms.version,
    termsRecordId: terms.id,
    mediaPublicId: (await createMediaFile(t, a.user.id)).public_id,
    outboxMessageId: mail!.id,
    deadJobId: (await createDeadJob(t)).id,
    testimonialId: (await createTestimonial(t, { status: 'pending' })).id,
    blogPost: await createBlogPost(t, { tags: ['practice'] }),
  };
}

function urlOf(path: string, call: Call): string {
  const url = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${path}: the entry gives no value for :${name}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(call.query).toString();
  return query ? `${url}?${query}` : url;
}

function tokenOf(w: World, actor: ActorName): Record<string, string> {
  if (actor === 'anonymous') return {};
  return { studentA: w.a, studentB: w.b, admin: w.admin }[actor].auth;
}

/**
 * Each call comes from its own client address, so a per-address rate limit never answers in
 * place of the access check, however many rows the matrix has.
 */
let calls = 0;
const nextAddress = () => {
  calls += 1;
  return `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`;
};

const isRefusal = (outcome: Outcome) =>
  outcome !== 'allowed' && (typeof outcome !== 'object' || outcome.status >= 400);

function expectOutcome(res: InjectResponse, outcome: Outcome, success: number, what: string) {
  const seen = `${what} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 400) {
    expect(res.json(), seen).toEqual(
      expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
    );
  }
  if (outcome === 'allowed') expect(res.statusCode, seen).toBe(success);
  else if (outcome === 'denied') expect([403, 404], seen).toContain(res.statusCode);
  else if (typeof outcome === 'number') expect(res.statusCode, seen).toBe(outcome);
  else {
    expect(res.statusCode, seen).toBe(outcome.status);
    if (outcome.code) expect(res.json<{ code: string }>().code, seen).toBe(outcome.code);
  }
}

/**
 * A call whose success is a stream that never ends by itself: a refusal is read whole, a stream
 * only up to its first event, then dropped. The answer stands in for an inject response.
 */
async function injectStream(t: TestApp, request: InjectOptions): Promise<InjectResponse> {
  const controller = new AbortController();
  const res = await t.app.inject({ ...request, payloadAsStream: true, signal: controller.signal });
  const stream = res.stream();
  let body = '';
  for await (const chunk of stream) {
    body += String(chunk);
    if (res.statusCode < 400 && body.includes('\n\n')) break;
  }
  controller.abort();
  return Object.assign(Object.create(res) as InjectResponse, {
    body,
    payload: body,
    json: () => JSON.parse(body) as unknown,
  });
}

/** One row of the matrix as one actor. */
export async function runCase(
  t: TestApp,
  world: World,
  access: Access,
  entry: MatrixEntry,
  actor: ActorName,
): Promise<void> {
  const w = entry.fresh ? { ...world, ...(await entry.fresh(t, world)) } : world;
  const call = entry.call?.(w) ?? {};
  const outcome = entry.expect?.[actor] ?? defaultOutcome(access, actor);
  const watch = isRefusal(outcome) ? entry.unchanged : undefined;
  const before = await watch?.(t, w);

  const [method, path] = entry.route.split(' ') as [string, string];
  const request = {
    method: method as InjectOptions['method'],
    url: urlOf(path, call),
    remoteAddress: nextAddress(),
    headers: { ...call.raw?.headers, ...tokenOf(w, actor) },
    ...(call.raw
      ? { payload: call.raw.payload }
      : call.body !== undefined
        ? { payload: call.body as object }
        : {}),
  };
  const res = entry.stream ? await injectStream(t, request) : await t.app.inject(request);

  expectOutcome(res, outcome, entry.status ?? 200, `${entry.route} as ${actor}`);
  if (watch) expect(await watch(t, w), `${entry.route} as ${actor} changed A's state`).toEqual(before);
  entry.check?.(res, actor, w);
}

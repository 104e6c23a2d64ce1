import { expect, type APIRequestContext } from '@playwright/test';
import type { AuthResponse, RequestResetResponse } from '../common/auth';
import type { Class, ClassInput, ClassResponse } from '../common/classes';
import type { CourseDetail, CourseListResponse, CourseResponse, CourseSummary } from '../common/courses';
import type { OutboxMessage, OutboxMessageDetail, OutboxResponse } from '../common/mail';
import type { TermsStatusResponse } from '../common/terms';
import type { User } from '../common/users';
import { DEMO_ADMIN } from '../server/db/seed/demo-accounts';

/*
 * The demo school through its API, outside the browser: the steps a journey takes to set up what
 * it then looks at (an account, a course read or joined, an e-mail read from the outbox).
 */

/** The seeded free course (server/db/seed/course-content.ts). */
export const FREE_COURSE = 'Foundations of Zhan Zhuang: Standing Meditation';
/** The seeded paid course, $89.00 (server/db/seed/course-content-arts.ts). */
export const PAID_COURSE = 'Xingyiquan Five Elements: Pi Quan to Heng Quan';

export interface Account {
  user: User;
  token: string;
  password: string;
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** Signs in through the API (the demo accounts, or to check a password without the browser). */
export async function authenticate(api: APIRequestContext, username: string, password: string) {
  const response = await api.post('/api/user/authenticate', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthResponse;
}

/** Signs the seeded demo administrator in through the API. */
export function authenticateDemoAdmin(api: APIRequestContext) {
  return authenticate(api, DEMO_ADMIN.username, DEMO_ADMIN.password);
}

export async function acceptCurrentTerms(api: APIRequestContext, auth: AuthResponse): Promise<void> {
  const statusResponse = await api.get(`/api/user/${auth.user.id}/terms-status`, {
    headers: bearer(auth.token),
  });
  expect(statusResponse.status(), await statusResponse.text()).toBe(200);
  const status = (await statusResponse.json()) as TermsStatusResponse;
  const accepted = await api.post(`/api/user/${auth.user.id}/accept-terms`, {
    headers: bearer(auth.token),
    data: { version: status.currentVersion },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** A seeded course in the catalogue, found by its exact title as the holder of `token` sees it. */
export async function findCourseByTitle(
  api: APIRequestContext,
  token: string,
  title: string,
): Promise<CourseSummary> {
  const list = await api.get('/api/courses?is_series=false&limit=200', { headers: bearer(token) });
  expect(list.status()).toBe(200);
  const course = ((await list.json()) as CourseListResponse).courses.find((c) => c.title === title);
  expect(course, `seeded course '${title}'`).toBeTruthy();
  return course!;
}

/** A course with its modules and lessons, as the holder of `token` is allowed to see them. */
export async function readCourse(
  api: APIRequestContext,
  token: string,
  courseId: string,
): Promise<CourseDetail> {
  const response = await api.get(`/api/courses/${courseId}`, { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as CourseResponse).course;
}

/** A seeded course, found by its exact title, with its modules and lessons as the holder of `token` sees them. */
export async function readCourseByTitle(
  api: APIRequestContext,
  token: string,
  title: string,
): Promise<CourseDetail> {
  return readCourse(api, token, (await findCourseByTitle(api, token, title)).id);
}

/** Enrols `account` in a free course through the API. */
export async function enrolFree(
  api: APIRequestContext,
  account: Pick<Account, 'user' | 'token'>,
  courseId: string,
): Promise<void> {
  const response = await api.post(`/api/user/${account.user.id}/enroll/${courseId}`, {
    headers: bearer(account.token),
    data: {},
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A class made through the admin API; the server fills in the fields `input` leaves out. */
export async function createClass(
  api: APIRequestContext,
  admin: Pick<Account, 'token'>,
  input: Partial<ClassInput>,
): Promise<Class> {
  const created = await api.post('/api/admin/classes', { headers: bearer(admin.token), data: input });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as ClassResponse).class;
}

/** The outbox messages `match` picks, newest first, as the demo admin lists them. */
export async function outboxMessages(
  api: APIRequestContext,
  match: (message: OutboxMessage) => boolean,
): Promise<OutboxMessage[]> {
  const admin = await authenticateDemoAdmin(api);
  const response = await api.get('/api/admin/outbox?limit=200', { headers: bearer(admin.token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as OutboxResponse).messages.filter(match);
}

/** The newest outbox message `match` picks, with its text and attachments, waiting until it has been written. */
export async function readOutboxMessage(
  api: APIRequestContext,
  match: (message: OutboxMessage) => boolean,
): Promise<OutboxMessageDetail> {
  let newest: OutboxMessage | undefined;
  await expect.poll(async () => (newest = (await outboxMessages(api, match))[0])?.id).toBeTruthy();
  const admin = await authenticateDemoAdmin(api);
  const response = await api.get(`/api/admin/outbox/${newest!.id}`, { headers: bearer(admin.token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as OutboxMessageDetail;
}

/** The text of the newest outbox message `match` picks, waiting until it has been written. */
export async function readOutboxText(
  api: APIRequestContext,
  match: (message: OutboxMessage) => boolean,
): Promise<string> {
  return (await readOutboxMessage(api, match)).text;
}

/** The 6-digit recovery code last e-mailed to `email`, read from the outbox as the demo admin. */
export async function readResetCode(api: APIRequestContext, email: string): Promise<string> {
  const text = await readOutboxText(api, (m) => m.to_address === email && /reset code/.test(m.subject));
  // From its sentence: a name such as 'Lin 123456' holds six digits too.
  const code = /\baccount is (\d{6})\b/.exec(text)?.[1];
  expect(code, text).toMatch(/^\d{6}$/);
  return code!;
}

/** A student signed in with a temporary password, through the reset flow: a new password is owed. */
export async function createTemporarySession(api: APIRequestContext, student: Account): Promise<Account> {
  const { user } = student;
  const requested = await api.post('/api/user/request-reset-code', { data: { email: user.email } });
  expect(requested.status(), await requested.text()).toBe(202);
  const code = await readResetCode(api, user.email);
  const reset = await api.post('/api/user/request-reset', {
    data: { email: user.email, code, securityAnswers: [user.username, user.city, user.country] },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const { tempPassword } = (await reset.json()) as RequestResetResponse;
  const signedIn = await api.post('/api/user/auth-temp', { data: { username: user.username, tempPassword } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const auth = (await signedIn.json()) as AuthResponse;
  expect(auth.user.requires_password_change).toBe(true);
  return { user: auth.user, token: auth.token, password: tempPassword };
}

import {
  ADMIN_NOT_FOUND_MESSAGE,
  CONTACT_TOPIC_LABELS,
  type ContactMessage,
  type ContactResponse,
} from '../../../common/contact';
import type { AuthContext } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform';
import type { CoursesService } from '../courses/courses.service';
import type { UserRow, UsersService } from '../users/users.service';

/** Line breaks and other control characters would let a one-line field forge the lines below it. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();

export interface ContactMailContext {
  /** The course's title when course_id names a known course. */
  courseTitle?: string;
  /** The signed-in sender, when the request carried a valid token. */
  sender?: Pick<UserRow, 'id' | 'username' | 'name' | 'email'>;
}

/** The plain-text e-mail an administrator receives; nothing in it is interpreted as HTML. */
export function contactMail(
  message: ContactMessage,
  context: ContactMailContext = {},
): { subject: string; text: string } {
  const topic = CONTACT_TOPIC_LABELS[message.topic];
  const lines = [
    'A message from the contact form of the website.',
    '',
    `Name: ${oneLine(message.name)}`,
    `E-mail: ${oneLine(message.email)} (reply to this address)`,
    `Topic: ${topic}`,
  ];
  if (message.course_id) {
    lines.push(
      context.courseTitle === undefined
        ? `Course: unknown course (id ${message.course_id})`
        : `Course: ${oneLine(context.courseTitle)} (id ${message.course_id})`,
    );
  }
  if (message.reference) lines.push(`Reference: ${oneLine(message.reference)}`);
  lines.push(
    context.sender
      ? `Signed in as: ${oneLine(context.sender.username)} (${oneLine(context.sender.name)}, ` +
          `${context.sender.email}), user id ${context.sender.id}`
      : 'Signed in: no (sent by a visitor)',
  );
  lines.push('', `Subject: ${oneLine(message.subject)}`, '', message.message);
  return { subject: `[Contact] ${topic}: ${oneLine(message.subject)}`, text: lines.join('\n') };
}

export function createContactService(
  platform: Platform,
  deps: { users: UsersService; courses: CoursesService },
) {
  const { users, courses } = deps;
  return {
    /** E-mails the message to every active administrator; 503 when the school has none. */
    async send(message: ContactMessage, auth: AuthContext | null): Promise<ContactResponse> {
      const admins = await users.activeAdmins();
      if (admins.length === 0) {
        platform.log.warn('contact message refused: no active administrator to receive it');
        throw new AppError(503, 'ADMIN_NOT_FOUND', ADMIN_NOT_FOUND_MESSAGE);
      }
      const courseTitle = message.course_id ? (await courses.find(message.course_id))?.title : undefined;
      const sender = auth ? await users.findById(auth.user.id) : undefined;
      const mail = contactMail(message, { courseTitle, sender });
      // Kept for all of them or none; the worker delivers them after the answer.
      await platform.mailer.sendAll(admins.map((admin) => ({ to: admin.email, ...mail })));
      platform.log.info(
        { contact: { topic: message.topic, admins: admins.length, user_id: auth?.user.id ?? null } },
        'contact message queued for the administrators',
      );
      return { success: true };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;

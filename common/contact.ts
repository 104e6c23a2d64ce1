import { z } from 'zod';

/**
 * "Contact the school": a public form whose message is e-mailed to every active administrator.
 * The same schema validates the form in the browser and the request on the server.
 */

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_REFERENCE_MAX = 200;
/** Messages one client address may send per minute. */
export const CONTACT_RATE_LIMIT_PER_MINUTE = 5;

export const NAME_REQUIRED_MESSAGE = 'Name is required';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';
export const SUBJECT_REQUIRED_MESSAGE = 'Subject is required';
export const MESSAGE_REQUIRED_MESSAGE = 'Message is required';
export const TOPIC_INVALID_MESSAGE = 'Please choose a topic';
export const COURSE_ID_INVALID_MESSAGE = 'Invalid course id';
/** The answer (503) when the school has no active administrator: the message went nowhere. */
export const ADMIN_NOT_FOUND_MESSAGE = 'Admin user not found.';
export const CONTACT_FAILED_MESSAGE = 'Failed to send your message. Please try again.';

export const CONTACT_TOPICS = ['payment', 'courses', 'classes', 'account', 'other'] as const;
export const ContactTopic = z.enum(CONTACT_TOPICS, { error: TOPIC_INVALID_MESSAGE });
export type ContactTopic = z.infer<typeof ContactTopic>;

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  payment: 'Payment or billing',
  courses: 'Online courses',
  classes: 'Classes and workshops',
  account: 'My account',
  other: 'Something else',
};

const requiredField = (label: string, required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`);

export const ContactInput = z.object({
  name: requiredField('Name', NAME_REQUIRED_MESSAGE, CONTACT_NAME_MAX),
  email: z
    .string({ error: EMAIL_INVALID_MESSAGE })
    .trim()
    .max(CONTACT_EMAIL_MAX, EMAIL_INVALID_MESSAGE)
    .pipe(z.email(EMAIL_INVALID_MESSAGE)),
  topic: ContactTopic.default('other'),
  subject: requiredField('Subject', SUBJECT_REQUIRED_MESSAGE, CONTACT_SUBJECT_MAX),
  message: requiredField('Message', MESSAGE_REQUIRED_MESSAGE, CONTACT_MESSAGE_MAX),
  course_id: z.uuid({ error: COURSE_ID_INVALID_MESSAGE }).optional(),
  /** What the sender is writing about, e.g. a payment failure reason or an order id. */
  reference: z
    .string({ error: 'Reference must be text' })
    .trim()
    .max(CONTACT_REFERENCE_MAX, `Reference must be at most ${CONTACT_REFERENCE_MAX} characters`)
    .optional()
    .transform((reference) => reference || undefined),
});
export type ContactInput = z.input<typeof ContactInput>;
export type ContactMessage = z.output<typeof ContactInput>;

export const ContactResponse = z.object({ success: z.literal(true) });
export type ContactResponse = z.infer<typeof ContactResponse>;

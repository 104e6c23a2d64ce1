import {
  CONTACT_REFERENCE_MAX,
  CONTACT_SUBJECT_MAX,
  ContactInput,
  ContactTopic,
} from '../../../common/contact';
import { FailureReason } from '../../../common/payments';

/** What the payment failure page's reasons mean, in words for a subject line; one for every reason. */
const REASON_WORDS: Record<FailureReason, string> = {
  cancelled: 'payment cancelled',
  failed: 'payment failed',
  declined: 'card declined',
  insufficient_funds: 'insufficient funds',
  expired_card: 'card expired',
  invalid_card: 'invalid card details',
};
const UNKNOWN_REASON_MAX = 60;

export const PAYMENT_SUBJECT = 'Payment problem';

export function reasonInWords(reason: string): string {
  const known = FailureReason.safeParse(reason);
  if (known.success) return REASON_WORDS[known.data];
  return reason.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, UNKNOWN_REASON_MAX);
}

export interface ContactPrefill {
  topic: ContactTopic;
  subject: string;
  reference: string;
  /** Sent along with the message; only a well-formed id is kept. */
  courseId: string | undefined;
}

/**
 * Reads `?topic=&course_id=&reason=`, as the payment failure page's "Get Support" link sends
 * them: a reason alone also means a payment problem.
 */
export function prefillFromQuery(params: URLSearchParams): ContactPrefill {
  const reason = (params.get('reason') ?? '').trim();
  const topicParam = ContactTopic.safeParse(params.get('topic'));
  const topic = topicParam.success ? topicParam.data : reason ? 'payment' : 'other';
  const words = reason ? reasonInWords(reason) : '';
  const subject =
    topic === 'payment'
      ? (words ? `${PAYMENT_SUBJECT}: ${words}` : PAYMENT_SUBJECT).slice(0, CONTACT_SUBJECT_MAX)
      : '';
  const courseParam = ContactInput.shape.course_id.safeParse(params.get('course_id') ?? undefined);
  return {
    topic,
    subject,
    reference: reason.slice(0, CONTACT_REFERENCE_MAX),
    courseId: courseParam.success ? courseParam.data : undefined,
  };
}

import { formatAmount } from '../../../common/payments';
import type { MailMessage } from '../../platform/mail';

export interface ReceiptInput {
  buyer: { name: string; email: string };
  order: {
    id: string;
    course_id: string | null;
    course_title: string;
    amount_cents: number;
    currency: string;
  };
  paidAt: Date;
  /** The site's address, for the link to the course; the link is left out without it. */
  baseUrl: string | null;
  timeZone: string;
}

/** The paid date as the school reads it (its time zone), e.g. "March 2, 2026". */
function formatDate(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  }
}

/** The e-mail a buyer gets once, when the payment for a course is received. */
export function receiptMail(input: ReceiptInput): MailMessage {
  const { buyer, order } = input;
  const lines = [
    `Hello ${buyer.name},`,
    '',
    `Thank you for your payment. You are now enrolled in "${order.course_title}".`,
    '',
    `Course: ${order.course_title}`,
    `Amount: ${formatAmount(order.amount_cents, order.currency)} (one-time payment, lifetime access)`,
    `Date: ${formatDate(input.paidAt, input.timeZone)}`,
    `Order: ${order.id}`,
  ];
  if (input.baseUrl && order.course_id) {
    lines.push('', `Start learning: ${input.baseUrl}/app/course/${order.course_id}`);
  }
  lines.push('', 'Keep this e-mail as your receipt.');
  return { to: buyer.email, subject: `Payment received: ${order.course_title}`, text: lines.join('\n') };
}

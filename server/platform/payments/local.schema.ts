import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LocalCheckoutStatus } from '../../../common/payments';
import { createdAt } from '../../db/schema/columns';
import { oneOf, valuesOf } from '../../db/schema/one-of';

const LOCAL_CHECKOUT_STATUSES = valuesOf(LocalCheckoutStatus);

/**
 * The built-in test checkout's own sessions (PAYMENTS_PROVIDER=local): what Stripe keeps on its
 * side for a Checkout Session, kept here so the test mode survives restarts and several processes.
 */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: text('id').primaryKey(),
    order_id: uuid('order_id').notNull(),
    user_id: uuid('user_id').notNull(),
    course_id: uuid('course_id'),
    course_title: text('course_title').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    customer_email: text('customer_email').notNull(),
    success_url: text('success_url').notNull(),
    cancel_url: text('cancel_url').notNull(),
    status: text('status', { enum: LOCAL_CHECKOUT_STATUSES }).notNull().default('open'),
    failure_reason: text('failure_reason'),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('local_checkout_sessions_status_check', oneOf(t.status, LOCAL_CHECKOUT_STATUSES))],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OrderStatus, PaymentProvider, SubscriptionStatus } from '../../../common/payments';
import { createdAt, updatedAt } from '../../db/schema/columns';
import { courses } from '../courses/courses.schema';
import { oneOf, valuesOf } from '../../db/schema/one-of';
import { users } from '../users/users.schema';

const PROVIDERS = valuesOf(PaymentProvider);
const ORDER_STATUSES = valuesOf(OrderStatus);
const SUBSCRIPTION_STATUSES = valuesOf(SubscriptionStatus);

/**
 * One checkout for one course. The provider's session id is unique, so a session maps to exactly
 * one order however often it is verified or delivered by webhook. Money is integer cents.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Payment records outlive an account: deleting a user with orders anonymises them instead. */
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Null once the course is deleted; the title stays for the buyer's history. */
    course_id: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    course_title: text('course_title').notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    provider_session_id: text('provider_session_id').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    failure_reason: text('failure_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_provider_session_key').on(t.provider, t.provider_session_id),
    // One checkout a buyer can pay per course at a time (see payments.createCheckout).
    uniqueIndex('orders_one_pending_key')
      .on(t.user_id, t.course_id)
      .where(sql`${t.status} = 'pending'`),
    index('orders_user_created_idx').on(t.user_id, t.created_at),
    index('orders_course_idx').on(t.course_id),
    check('orders_provider_check', oneOf(t.provider, PROVIDERS)),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_amount_check', sql`${t.amount_cents} > 0`),
    // Renamed from orders_paid_at_check when status became text: the old constraint compared with the
    // enum type, so the migration drops it before the column changes type and adds this one after.
    check('orders_paid_at_status_check', sql`(${t.status} = 'paid') = (${t.paid_at} is not null)`),
  ],
);

/**
 * A monthly plan, today the AI Sifu plan: its question allowance for the current period. A user
 * has at most one subscription per plan; renewals move the period forward on the same row.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    provider_subscription_id: text('provider_subscription_id'),
    monthly_question_limit: integer('monthly_question_limit').notNull(),
    current_period_start: timestamp('current_period_start', { withTimezone: true }).notNull(),
    current_period_end: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_plan_key').on(t.user_id, t.plan),
    uniqueIndex('subscriptions_provider_key').on(t.provider, t.provider_subscription_id),
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_provider_check', oneOf(t.provider, PROVIDERS)),
    check('subscriptions_limit_check', sql`${t.monthly_question_limit} >= 0`),
    check('subscriptions_period_check', sql`${t.current_period_end} > ${t.current_period_start}`),
  ],
);

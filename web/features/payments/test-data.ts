import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { LocalCheckoutSession, Order, Subscription } from '../../../common/payments';

/** Payment fixtures for the payments feature's unit tests, built through the shared schemas. */
export const COURSE_ID = '11111111-1111-4111-8111-111111111111';
export const USER_ID = '0b7a6f1e-8d7c-4c36-9a57-1f0f3c1b2a11';

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return Order.parse({
    id: '55555555-5555-4555-8555-555555555555',
    user_id: USER_ID,
    course_id: COURSE_ID,
    course_title: 'Xingyi Five Elements',
    provider: 'local',
    provider_session_id: 'cs_test_123',
    amount_cents: 8900,
    currency: 'USD',
    status: 'paid',
    failure_reason: null,
    created_at: '2025-03-02T10:00:00.000Z',
    updated_at: '2025-03-02T10:01:00.000Z',
    paid_at: '2025-03-02T10:01:00.000Z',
    ...overrides,
  });
}

export function makeLocalSession(overrides: Partial<LocalCheckoutSession> = {}): LocalCheckoutSession {
  return LocalCheckoutSession.parse({
    session_id: 'cs_test_123',
    course_id: COURSE_ID,
    course_title: 'Xingyi Five Elements',
    amount_cents: 8900,
    currency: 'USD',
    customer_email: 'mei@example.com',
    status: 'open',
    cancel_url: `http://localhost:3000/payment/failed?course_id=${COURSE_ID}&reason=cancelled`,
    ...overrides,
  });
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return Subscription.parse({
    id: '66666666-6666-4666-8666-666666666666',
    user_id: USER_ID,
    plan: 'ai_sifu_monthly',
    status: 'active',
    active: true,
    provider: 'local',
    monthly_question_limit: 100,
    current_period_start: '2025-03-01T00:00:00.000Z',
    current_period_end: '2025-04-01T12:00:00.000Z',
    cancel_at_period_end: false,
    created_at: '2025-03-01T00:00:00.000Z',
    ...overrides,
  });
}

/** Fake timers for the pages' delays and countdowns: time moves only when a test or a wait moves it. */
export function withCountdownTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The user's options under these timers: user-event's pauses between events move them on. */
export const countdownUser = { advanceTimers: vi.advanceTimersByTime };

/** The countdown schedules each second after the last one rendered, so time moves a second at a time. */
export async function countDown(seconds: number): Promise<void> {
  for (let second = 0; second < seconds; second += 1) await advance(1000);
}

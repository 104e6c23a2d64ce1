import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { PaymentProvider } from '../../../common/payments';
import type { Db, Tx } from '../../db/client';
import { orders, subscriptions } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Orders and subscriptions. */
export function createPaymentsRepo(db: Db | Tx) {
  return {
    /** The buyer's pending orders for a course, newest first. */
    async pendingOrders(userId: string, courseId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.user_id, userId), eq(orders.course_id, courseId), eq(orders.status, 'pending')))
        .orderBy(desc(orders.created_at), desc(orders.id));
    },

    /** A pending order whose session we closed because a newer checkout replaces it. */
    async markCancelled(id: string, at: Date): Promise<void> {
      await db
        .update(orders)
        .set({ status: 'cancelled', updated_at: at })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')));
    },

    async hasOrders(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.user_id, userId))
        .limit(1);
      return row !== undefined;
    },

    async hasPaidOrder(userId: string, courseId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.user_id, userId), eq(orders.course_id, courseId), eq(orders.status, 'paid')))
        .limit(1);
      return row !== undefined;
    },

    async insertOrder(values: typeof orders.$inferInsert): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },

    async findOrder(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row;
    },

    async findBySession(provider: PaymentProvider, sessionId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.provider_session_id, sessionId)))
        .limit(1);
      return row;
    },

    /**
     * Paid, in one statement: of any number of concurrent callers exactly one gets the row back.
     * Paid wins over failed, expired and cancelled.
     */
    async markPaid(id: string, at: Date): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ status: 'paid', paid_at: at, failure_reason: null, updated_at: at })
        .where(and(eq(orders.id, id), ne(orders.status, 'paid')))
        .returning();
      return row;
    },

    async markFailed(id: string, reason: string, at: Date): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ status: 'failed', failure_reason: reason, updated_at: at })
        .where(and(eq(orders.id, id), ne(orders.status, 'paid')))
        .returning();
      return row;
    },

    async markExpired(id: string, at: Date): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ status: 'expired', updated_at: at })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
        .returning();
      return row;
    },

    /** The user's orders, newest first. */
    async listOrders(userId: string, page: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(eq(orders.user_id, userId))
          .orderBy(desc(orders.created_at), desc(orders.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(orders).where(eq(orders.user_id, userId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findSubscription(userId: string, plan: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.plan, plan)))
        .limit(1);
      return row;
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;

import { and, asc, eq, gt, lt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveEvents, liveEventsHorizon } from '../../db/schema';

export interface LoggedEvent {
  id: number;
  type: string;
  data: unknown;
}

export function createLiveRepo(db: Db) {
  return {
    async insert(row: { user_id: string; type: string; data: unknown; created_at: Date }): Promise<number> {
      const [inserted] = await db.insert(liveEvents).values(row).returning({ id: liveEvents.id });
      return inserted!.id;
    },

    /** The newest id in the log, 0 when it is empty. */
    async last(): Promise<number> {
      const [row] = await db.select({ last: max(liveEvents.id) }).from(liveEvents);
      return row?.last ?? 0;
    },

    /** The highest id the cleanup has deleted, 0 before it has deleted any. */
    async horizon(): Promise<number> {
      const [row] = await db.select({ id: liveEventsHorizon.deleted_through }).from(liveEventsHorizon);
      return row?.id ?? 0;
    },

    /** The user's events after `id`, oldest first, at most `limit`. */
    async after(userId: string, id: number, limit: number): Promise<LoggedEvent[]> {
      const rows = await db
        .select({ id: liveEvents.id, type: liveEvents.type, data: liveEvents.data })
        .from(liveEvents)
        .where(and(eq(liveEvents.user_id, userId), gt(liveEvents.id, id)))
        .orderBy(asc(liveEvents.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, data: row.data ?? null }));
    },

    /**
     * Deletes every event up to the newest one created before `before`, except the newest row
     * (so `last()` still tells which ids were ever handed out), and moves the horizon to it; in
     * the caller's transaction, so the horizon never lags what is gone.
     */
    async deleteUpTo(before: Date): Promise<void> {
      const newest = db.select({ id: max(liveEvents.id) }).from(liveEvents);
      const [row] = await db
        .select({ id: max(liveEvents.id) })
        .from(liveEvents)
        .where(and(lt(liveEvents.created_at, before), sql`${liveEvents.id} < (${newest})`));
      const through = row?.id;
      if (!through) return;
      await db.delete(liveEvents).where(lte(liveEvents.id, through));
      await db
        .insert(liveEventsHorizon)
        .values({ deleted_through: through })
        .onConflictDoUpdate({
          target: liveEventsHorizon.only,
          set: {
            deleted_through: sql`greatest(${liveEventsHorizon.deleted_through}, excluded.deleted_through)`,
          },
        });
    },
  };
}
export type LiveRepo = ReturnType<typeof createLiveRepo>;

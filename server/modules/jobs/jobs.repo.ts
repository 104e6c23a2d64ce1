import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import type { JobStatus } from '../../../common/jobs';

export type JobRow = typeof jobs.$inferSelect;

export function createJobsRepo(db: Db) {
  return {
    /** Jobs newest first, optionally in one state. */
    async list(options: { status?: JobStatus; limit: number; offset: number }) {
      const where: SQL | undefined = options.status ? eq(jobs.status, options.status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(jobs)
          .where(where)
          .orderBy(desc(jobs.created_at), desc(jobs.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(jobs).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
      return row;
    },

    /** A dead job back in the queue with its attempts counted afresh; undefined unless it was dead. */
    async revive(id: string, at: Date): Promise<JobRow | undefined> {
      // eslint-disable-next-line kwoon/table-ownership -- the queue is the platform's; an administrator's retry of a dead job is its one write from outside
      const [row] = await db
        .update(jobs)
        .set({
          status: 'pending',
          attempts: 0,
          run_at: at,
          finished_at: null,
          locked_at: null,
          locked_by: null,
        })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
        .returning();
      return row;
    },
  };
}

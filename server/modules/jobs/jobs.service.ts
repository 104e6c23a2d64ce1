import {
  JOB_NOT_DEAD_MESSAGE,
  JOB_NOT_FOUND_MESSAGE,
  type Job,
  type JobsResponse,
  type JobStatus,
} from '../../../common/jobs';
import { conflict, notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createJobsRepo, type JobRow } from './jobs.repo';

const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  max_attempts: row.max_attempts,
  run_at: row.run_at.toISOString(),
  last_error: row.last_error,
  created_at: row.created_at.toISOString(),
  finished_at: row.finished_at?.toISOString() ?? null,
});

/** The administrators' view of the job queue: what failed for good, and a second chance for it. */
export function createJobsService(platform: Platform) {
  const repo = createJobsRepo(platform.db);
  return {
    async list(query: { status?: JobStatus; limit: number; offset: number }): Promise<JobsResponse> {
      const { rows, total } = await repo.list(query);
      return { jobs: rows.map(toJob), total, limit: query.limit, offset: query.offset };
    },

    /** Queues a dead job again with a full set of attempts (e.g. once the mail server is fixed). */
    async retry(id: string): Promise<Job> {
      const row = await repo.revive(id, platform.clock.now());
      if (row) {
        platform.log.info({ job: { id, kind: row.kind } }, 'dead job queued again by an administrator');
        return toJob(row);
      }
      if (!(await repo.find(id))) throw notFound(JOB_NOT_FOUND_MESSAGE, 'JOB_NOT_FOUND');
      throw conflict(JOB_NOT_DEAD_MESSAGE, 'JOB_NOT_DEAD');
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;

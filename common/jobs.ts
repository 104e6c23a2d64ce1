import { z } from 'zod';
import { pageLimit, pageOffset } from './api';

export const JobStatus = z.enum(['pending', 'running', 'done', 'dead']);
export type JobStatus = z.infer<typeof JobStatus>;

export const JOBS_DEFAULT_LIMIT = 50;
export const JOBS_MAX_LIMIT = 200;
export const JOB_NOT_FOUND_MESSAGE = 'Job not found';
export const JOB_NOT_DEAD_MESSAGE = 'Only a dead job can be retried';

export const JobsQuery = z.object({
  status: JobStatus.optional().describe('Only jobs in this state, e.g. dead'),
  limit: pageLimit(JOBS_DEFAULT_LIMIT, JOBS_MAX_LIMIT),
  offset: pageOffset,
});
export type JobsQuery = z.input<typeof JobsQuery>;

/** One queued piece of background work (an e-mail delivery, a cleanup), as an administrator sees it. */
export const Job = z.object({
  id: z.uuid(),
  kind: z.string(),
  payload: z.unknown(),
  status: JobStatus,
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;

export const JobsResponse = z.object({
  jobs: z.array(Job),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type JobsResponse = z.infer<typeof JobsResponse>;

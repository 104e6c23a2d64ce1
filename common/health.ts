import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  /** embedded-postgres: the server Kwoon runs in DATA_DIR; postgres: one of DATABASE_URL. */
  driver: z.enum(['embedded-postgres', 'postgres']),
  uptime_seconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

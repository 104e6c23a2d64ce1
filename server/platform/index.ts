import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { SessionStore } from './auth';
import type { Clock } from './clock';
import type { Events } from './events';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';
import type { PaymentsProvider } from './payments';
import type { MediaStorage } from './storage';
import type { Throttle } from './throttle';
import type { Transactions } from './tx';

/** What every module's service is built from; `tx` and `withAdvisoryLock` are the units of work (see tx.ts). */
export interface Platform extends Transactions {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  sessions: SessionStore;
  /** Writes e-mail to the outbox; the job worker delivers it. */
  mailer: Mailer;
  /** Work done after the request: queued in the database, run by every instance's worker. */
  jobs: Jobs;
  /** Publish/subscribe across instances: LISTEN/NOTIFY on PostgreSQL, in process on PGlite. */
  events: Events;
  /** Calls `listener` when shutdown begins draining connections (event streams end then). */
  whenDraining(listener: () => void): void;
  storage: MediaStorage;
  payments: PaymentsProvider;
  /** Attempt counters for lockouts and per-account throttling, shared through the database. */
  throttle: Throttle;
  log: FastifyBaseLogger;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { SessionStore } from './auth';
import type { Clock } from './clock';
import type { Mailer } from './mail';
import type { PaymentsProvider } from './payments';
import type { MediaStorage } from './storage';
import type { Throttle } from './throttle';

/** What every module's service is built from. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  sessions: SessionStore;
  mailer: Mailer;
  storage: MediaStorage;
  payments: PaymentsProvider;
  /** Attempt counters for lockouts and per-account throttling, shared through the database. */
  throttle: Throttle;
  log: FastifyBaseLogger;
}

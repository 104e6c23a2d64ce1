import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';

/** Creates the demo content once, on a database without users. */
export async function seedDemo(_db: Db, _log: FastifyBaseLogger): Promise<void> {}

import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { isRetryableTransactionError } from './errors';

/**
 * One transaction context for the whole server. The database handle every service, repo and
 * adapter holds (`Database.db`) looks up the ambient transaction on each call: inside `tx(fn)`
 * every query — from any repo, another module's service, the mailer's outbox — runs in that
 * transaction; outside it, on the database as before. So a unit of work spans modules without
 * passing a transaction object around, and on PGlite (one connection) a query issued inside a
 * transaction no longer waits for that same transaction to end.
 *
 * A nested `tx(fn)` is a savepoint of the outer transaction: it commits with the outer one, but
 * its own failure rolls back only its part, so an outer caller that catches the error carries on.
 */

interface Scope {
  root: Db;
  tx: Tx;
  /** False once the transaction (or savepoint) is over; work it left running falls back outwards. */
  open: boolean;
  parent: Scope | undefined;
  /** Run once the outermost transaction has committed (kept on the outermost scope only). */
  afterCommit: (() => void)[];
}

const ambient = new AsyncLocalStorage<Scope>();
/** The unwrapped database behind a handle made by `withTransactionContext`. */
const RAW = Symbol('raw database');

function currentScope(root: Db): Scope | undefined {
  let scope = ambient.getStore();
  while (scope && (!scope.open || scope.root !== root)) scope = scope.parent;
  return scope;
}

type Work<T> = (tx: Tx) => Promise<T>;

/**
 * Wraps a Drizzle database so that each call goes to the ambient transaction when there is one,
 * and its `transaction()` opens (or, nested, a savepoint of) that ambient transaction.
 */
export function withTransactionContext(raw: Db): Db {
  async function transaction<T>(work: Work<T>, config?: Parameters<Db['transaction']>[1]): Promise<T> {
    const parent = currentScope(raw);
    const begin = parent ? parent.tx.transaction.bind(parent.tx) : raw.transaction.bind(raw);
    const afterCommit: (() => void)[] = [];
    const result = await begin(async (tx) => {
      const scope: Scope = {
        root: raw,
        tx,
        open: true,
        parent,
        afterCommit: parent?.afterCommit ?? afterCommit,
      };
      try {
        return await ambient.run(scope, () => work(tx));
      } finally {
        scope.open = false;
      }
    }, config);
    // The outermost transaction has committed (a failure threw above, and a rollback drops them).
    for (const callback of afterCommit) callback();
    return result;
  }
  return new Proxy(raw, {
    get(target, property) {
      if (property === RAW) return raw;
      if (property === 'transaction') return transaction;
      const executor: object = currentScope(raw)?.tx ?? target;
      const value: unknown = Reflect.get(executor, property, executor);
      return typeof value === 'function' ? (value as () => unknown).bind(executor) : value;
    },
  });
}

const rawOf = (db: Db): Db => (db as Db & { [RAW]?: Db })[RAW] ?? db;

/** True while the caller runs inside `tx(fn)` on this database. */
export function inTransaction(db: Db): boolean {
  return currentScope(rawOf(db)) !== undefined;
}

/**
 * Runs `callback` once the ambient transaction of `db` has committed, or now outside one; never if
 * the transaction rolls back (a savepoint rolled back inside a committed one may still run its
 * callbacks). For hints that must follow the data, such as telling caches the data changed.
 */
export function afterCommit(db: Db, callback: () => void): void {
  const scope = currentScope(rawOf(db));
  if (scope) scope.afterCommit.push(callback);
  else callback();
}

export interface Transactions {
  /**
   * Runs `work` in one transaction, joined by every database call inside it (see above). When the
   * outermost transaction fails with a serialization failure or a deadlock it runs `work` once
   * more, so `work` must not do anything outside the database that cannot be done twice.
   */
  tx<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` in a transaction holding `pg_advisory_xact_lock` on a hash of `key`, so callers
   * with the same key, in any process sharing the database, run one after another. The lock is
   * released when the outermost transaction ends (not at the end of a nested savepoint).
   */
  withAdvisoryLock<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** Long enough for the winner of a race to finish, short enough not to be felt; varied so the losers part. */
const retryPause = () => new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));

export function createTransactions(db: Db): Transactions {
  const raw = rawOf(db);
  /**
   * An outermost transaction that lost a race (a deadlock, a serialization failure) was rolled
   * back whole, so it runs once more; a second loss reaches the error handler (503, Retry-After).
   * Work inside must therefore be safe to run again: a call to another system takes an idempotency
   * key chosen before the transaction (see payments.createCheckout). A savepoint is never run
   * again on its own: the failure has aborted the transaction around it.
   */
  const tx = async <T>(work: () => Promise<T>): Promise<T> => {
    if (currentScope(raw)) return db.transaction(() => work());
    try {
      return await db.transaction(() => work());
    } catch (error) {
      if (!isRetryableTransactionError(error)) throw error;
      await retryPause();
      return db.transaction(() => work());
    }
  };
  return {
    tx,
    withAdvisoryLock: (key, work) =>
      tx(async () => {
        await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        return work();
      }),
  };
}

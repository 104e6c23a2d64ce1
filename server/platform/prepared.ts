import type { Db } from '../db/client';
import { inTransaction } from './tx';

/** A Drizzle query whose values are placeholders (`sql.placeholder(name)`), ready to prepare. */
export interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/**
 * Statements for the hottest reads, each built once and then run by name with its values: Drizzle
 * skips building the SQL again (a quarter of the CPU of a list request), and on PostgreSQL each
 * pooled connection parses the statement once and may keep its plan. A name stands for one SQL
 * text, so a query whose shape varies takes one name per shape.
 *
 * A prepared statement runs on the database's pool, outside any transaction; inside `tx(fn)` the
 * query is built for the transaction instead (on PGlite's one connection the pool would wait for
 * that very transaction to end).
 */
export function preparedStatements(db: Db) {
  const prepared = new Map<string, ReturnType<Preparable<unknown>['prepare']>>();
  return function run<Result>(
    name: string,
    build: () => Preparable<Result>,
    values: Record<string, unknown>,
  ): Promise<Result> {
    if (inTransaction(db)) return build().prepare(name).execute(values);
    let statement = prepared.get(name);
    if (!statement) {
      statement = build().prepare(name);
      prepared.set(name, statement);
    }
    return statement.execute(values) as Promise<Result>;
  };
}

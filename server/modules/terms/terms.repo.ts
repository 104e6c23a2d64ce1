import { and, count, desc, eq, exists, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deleteRows } from '../../db/delete-rows';
import { termsAcceptances, termsVersions, users } from '../../db/schema';

export type TermsVersionRow = typeof termsVersions.$inferSelect;
export type AcceptanceRow = typeof termsAcceptances.$inferSelect;

const recordColumns = {
  id: termsAcceptances.id,
  user_id: termsAcceptances.user_id,
  user_name: users.name,
  username: users.username,
  email: users.email,
  version: termsAcceptances.version,
  accepted_at: termsAcceptances.accepted_at,
  revoked_at: termsAcceptances.revoked_at,
  reason: termsAcceptances.reason,
};

/** An acceptance that still counts: not revoked. */
const active = (version: string) =>
  and(eq(termsAcceptances.version, version), isNull(termsAcceptances.revoked_at));

/** Active users without an active acceptance of the version. */
const withoutAcceptance = (db: Db, version: string) =>
  and(
    eq(users.is_active, true),
    notExists(
      db
        .select({ one: sql`1` })
        .from(termsAcceptances)
        .where(and(eq(termsAcceptances.user_id, users.id), active(version))),
    ),
  );

export function createTermsRepo(db: Db) {
  return {
    async currentVersion(): Promise<TermsVersionRow | undefined> {
      const [row] = await db.select().from(termsVersions).where(eq(termsVersions.is_current, true)).limit(1);
      return row;
    },

    async versionExists(version: string): Promise<boolean> {
      const [row] = await db
        .select({ id: termsVersions.id })
        .from(termsVersions)
        .where(eq(termsVersions.version, version))
        .limit(1);
      return Boolean(row);
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return Boolean(row);
    },

    /** The user's most recent acceptance that has not been revoked, of any version. */
    async latestActiveAcceptance(userId: string): Promise<AcceptanceRow | undefined> {
      const [row] = await db
        .select()
        .from(termsAcceptances)
        .where(and(eq(termsAcceptances.user_id, userId), isNull(termsAcceptances.revoked_at)))
        .orderBy(desc(termsAcceptances.accepted_at))
        .limit(1);
      return row;
    },

    async activeAcceptance(userId: string, version: string): Promise<AcceptanceRow | undefined> {
      const [row] = await db
        .select()
        .from(termsAcceptances)
        .where(and(eq(termsAcceptances.user_id, userId), active(version)))
        .limit(1);
      return row;
    },

    /** Records an acceptance; a second active one for the same version is skipped by the unique index. */
    async insertAcceptance(userId: string, version: string, at: Date): Promise<void> {
      await db
        .insert(termsAcceptances)
        .values({ user_id: userId, version, accepted_at: at })
        .onConflictDoNothing({
          target: [termsAcceptances.user_id, termsAcceptances.version],
          where: sql`${termsAcceptances.revoked_at} is null`,
        });
    },

    async listRecords(options: { version?: string; limit: number; offset: number }) {
      const where = options.version ? eq(termsAcceptances.version, options.version) : undefined;
      const [records, [total]] = await Promise.all([
        db
          .select(recordColumns)
          .from(termsAcceptances)
          .innerJoin(users, eq(users.id, termsAcceptances.user_id))
          .where(where)
          .orderBy(desc(termsAcceptances.accepted_at), desc(termsAcceptances.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(termsAcceptances).where(where),
      ]);
      return { records, total: total?.n ?? 0 };
    },

    async findRecord(id: string) {
      const [row] = await db
        .select(recordColumns)
        .from(termsAcceptances)
        .innerJoin(users, eq(users.id, termsAcceptances.user_id))
        .where(eq(termsAcceptances.id, id))
        .limit(1);
      return row;
    },

    async usersWithout(version: string, options: { limit: number; offset: number }) {
      const where = withoutAcceptance(db, version);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            name: users.name,
            username: users.username,
            email: users.email,
            created_at: users.created_at,
          })
          .from(users)
          .where(where)
          .orderBy(users.created_at, users.id)
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { users: rows, total: total?.n ?? 0 };
    },

    /** Active users: all, those without an active acceptance, and those of them whose acceptance was revoked. */
    async stats(version: string) {
      const revokedRecord = exists(
        db
          .select({ one: sql`1` })
          .from(termsAcceptances)
          .where(
            and(
              eq(termsAcceptances.user_id, users.id),
              eq(termsAcceptances.version, version),
              isNotNull(termsAcceptances.revoked_at),
            ),
          ),
      );
      const pendingWhere = withoutAcceptance(db, version);
      const [row] = await db
        .select({
          total: count(),
          pending: sql<number>`count(*) filter (where ${pendingWhere})`.mapWith(Number),
          revoked: sql<number>`count(*) filter (where ${and(pendingWhere, revokedRecord)})`.mapWith(Number),
        })
        .from(users)
        .where(eq(users.is_active, true));
      const total = row?.total ?? 0;
      const pending = row?.pending ?? 0;
      return { total, accepted: total - pending, pending, revoked: row?.revoked ?? 0 };
    },

    /** Revokes an active record; undefined when the record is missing or already revoked. */
    async revoke(id: string, reason: string, at: Date): Promise<string | undefined> {
      const [row] = await db
        .update(termsAcceptances)
        .set({ revoked_at: at, reason })
        .where(and(eq(termsAcceptances.id, id), isNull(termsAcceptances.revoked_at)))
        .returning({ id: termsAcceptances.id });
      return row?.id;
    },

    async deleteRecord(id: string): Promise<boolean> {
      return deleteRows(db, termsAcceptances, eq(termsAcceptances.id, id));
    },
  };
}
export type TermsRepo = ReturnType<typeof createTermsRepo>;
export type TermsRecordRow = NonNullable<Awaited<ReturnType<TermsRepo['findRecord']>>>;

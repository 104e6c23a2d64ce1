import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNull,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { preparedStatements } from '../../platform/prepared';
import { confirmedEmail, emailChanges, users } from '../../db/schema';
import type { EnrolledCourse } from './user-view';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUserRow, 'id' | 'created_at'>>;

const matchesLower = (column: typeof users.email | typeof users.username, value: string) =>
  sql`lower(${column}) = lower(${value})`;

/** Queries on users; e-mail and username compare case-insensitively, like their unique indexes. */
export function createUsersRepo(db: Db | Tx) {
  const run = preparedStatements(db);
  return {
    async confirmedEmail(id: string): Promise<string | null> {
      const [row] = await db.select({ email: confirmedEmail }).from(users).where(eq(users.id, id)).limit(1);
      return row?.email ?? null;
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /**
     * The user, their courses (from `coursesColumn`, the enrolments domain's) and the address they
     * are waiting to confirm while its link is valid at `now`, in one statement.
     */
    async findWithCourses(
      id: string,
      now: Date,
      coursesColumn?: (userId: SQLWrapper) => SQL<EnrolledCourse[]>,
    ): Promise<{ row: UserRow; courses: EnrolledCourse[]; pendingEmail: string | null } | undefined> {
      // Every signed-in page asks for it: prepared, so neither Drizzle nor PostgreSQL plans it again.
      const [found] = await run(
        coursesColumn ? 'user_with_courses' : 'user_without_courses',
        () => {
          const pendingEmail = db
            .select({ email: emailChanges.new_email })
            .from(emailChanges)
            .where(
              and(
                eq(emailChanges.user_id, users.id),
                isNull(emailChanges.confirmed_at),
                gt(emailChanges.expires_at, sql.placeholder('now')),
              ),
            )
            .limit(1);
          return db
            .select({
              row: users,
              courses: coursesColumn ? coursesColumn(users.id) : sql<EnrolledCourse[]>`'[]'::json`,
              pendingEmail: sql<string | null>`(${pendingEmail})`,
            })
            .from(users)
            .where(eq(users.id, sql.placeholder('id')))
            .limit(1);
        },
        { id, now },
      );
      return found;
    },

    /** Who receives the school's messages, longest-standing first. */
    async activeAdmins(): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(and(eq(users.is_admin, true), eq(users.is_active, true)))
        .orderBy(asc(users.created_at), asc(users.id));
    },

    /**
     * One batch of the members (students) who want e-mail: active, notifications on, ordered by
     * id after `after`, so a mailing reads them batch by batch without offsets.
     */
    async notifiableMembers(after: string | null, limit: number) {
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.is_admin, false),
            eq(users.is_active, true),
            eq(users.email_notifications, true),
            after ? gt(users.id, after) : undefined,
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit);
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(matchesLower(users.email, email)).limit(1);
      return row;
    },

    /** By username or e-mail; usernames cannot contain '@', so at most one row matches. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(or(matchesLower(users.username, login), matchesLower(users.email, login)))
        .limit(1);
      return row;
    },

    async emailTaken(email: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(matchesLower(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async usernameTaken(username: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(matchesLower(users.username, username), exceptId ? ne(users.id, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
      return row;
    },

    /**
     * Replaces everything that identifies the person with neutral values, keeping the row (and the
     * records that must outlive the account) and its unique constraints satisfied. Only an account
     * whose deletion was requested: undefined when there is none.
     */
    async anonymise(id: string, passwordHash: string, at: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          name: 'Deleted account',
          email: `deleted-${id}@deleted.invalid`,
          username: `deleted-${id}`,
          password_hash: passwordHash,
          is_admin: false,
          is_active: false,
          deactivated_at: at,
          avatar: null,
          avatar_public_id: null,
          belt: null,
          city: '',
          country: '',
          martial_art: '',
          experience: 0,
          privacy: { profile: 'private', progress: 'private', courses: 'private' },
          allow_messages: false,
          email_notifications: false,
          updated_at: at,
        })
        .where(and(eq(users.id, id), eq(users.deletion_requested, true)))
        .returning();
      return row;
    },

    /** The profiles that show this file as their picture, as uploads asks (a select of `place`). */
    avatarUses(publicId: string): SQL {
      return sql`select 'profile picture of "' || ${users.username} || '"' as place from ${users}
        where ${users.avatar_public_id} = ${publicId}`;
    },

    /** Clears the avatar of every profile that shows this file. */
    async clearAvatar(publicId: string): Promise<void> {
      await db
        .update(users)
        .set({ avatar: null, avatar_public_id: null })
        .where(eq(users.avatar_public_id, publicId));
    },

    /** Deletes an account whose deletion was requested; false when there is none. */
    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(users)
        .where(and(eq(users.id, id), eq(users.deletion_requested, true)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * One page of the users `filter` picks, those who asked for deletion first, then oldest
     * account first (id breaks ties), and how many it picks.
     */
    async list(
      page: { limit: number; offset: number },
      filter: { q?: string; role?: 'admin' | 'student' } = {},
    ): Promise<{ rows: UserRow[]; total: number }> {
      const pattern = filter.q ? containsPattern(filter.q) : undefined;
      const where = and(
        filter.role ? eq(users.is_admin, filter.role === 'admin') : undefined,
        pattern
          ? or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern))
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.deletion_requested), asc(users.created_at), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Every student's address, trimmed, without empties or the placeholders of anonymised
     * accounts (the reserved .invalid domain, which no mail reaches).
     */
    async studentEmails(): Promise<string[]> {
      const address = sql<string>`btrim(${users.email})`;
      const rows = await db
        .selectDistinct({ email: address })
        .from(users)
        .where(and(eq(users.is_admin, false), sql`${address} <> ''`, sql`${address} not ilike '%.invalid'`))
        .orderBy(address);
      return rows.map((row) => row.email);
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;

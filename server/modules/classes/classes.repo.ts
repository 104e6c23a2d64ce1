import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { ClassSession, SignupKind } from '../../../common/classes';
import type { Db } from '../../db/client';
import { classEnrollments, classes, classSignups, confirmedEmail, users } from '../../db/schema';

/*
 * Drizzle leaves the table off a column in a one-table select, so a correlated subquery names the
 * outer row's columns in full itself.
 */
const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);
const classRowId = outer('classes', 'id');

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

const enrolledCount = sql<number>`(select count(*) from ${classEnrollments} where ${classEnrollments.class_id} = ${classRowId} and ${classEnrollments.status} = 'enrolled')`;
const heldCount = (now: Date) =>
  sql<number>`(select count(*) from ${classSignups} where ${classSignups.class_id} = ${classRowId} and ${classSignups.status} = 'offered' and ${classSignups.offer_expires_at} > ${at(now)})`;
const waitingCount = sql<number>`(select count(*) from ${classSignups} where ${classSignups.class_id} = ${classRowId} and ${classSignups.kind} = 'waitlist' and ${classSignups.status} in ('waiting', 'offered'))`;

/** A class with its counts, read in one statement. */
const classColumns = (now: Date) => ({
  id: classes.id,
  class_name: classes.class_name,
  description: classes.description,
  instructor_name: classes.instructor_name,
  location: classes.location,
  class_type: classes.class_type,
  skill_focus: classes.skill_focus,
  class_duration: classes.class_duration,
  max_capacity: classes.max_capacity,
  price_cents: classes.price_cents,
  age_restrictions: classes.age_restrictions,
  requires_membership: classes.requires_membership,
  waitlist_enabled: classes.waitlist_enabled,
  is_published: classes.is_published,
  video_embed_url: classes.video_embed_url,
  sessions: classes.sessions,
  created_at: classes.created_at,
  updated_at: classes.updated_at,
  enrolled: enrolledCount.mapWith(Number),
  held: heldCount(now).mapWith(Number),
  waiting: waitingCount.mapWith(Number),
});

export interface ClassFields {
  class_name: string;
  description: string | null;
  instructor_name: string;
  location: string;
  class_type: (typeof classes.$inferInsert)['class_type'];
  skill_focus: string;
  class_duration: number;
  max_capacity: number;
  price_cents: number;
  age_restrictions: string;
  requires_membership: boolean;
  waitlist_enabled: boolean;
  is_published: boolean;
  video_embed_url: string | null;
  sessions: ClassSession[];
  week_order: number;
}

interface Page {
  limit: number;
  offset: number;
}

const enrollmentColumns = {
  id: classEnrollments.id,
  class_id: classEnrollments.class_id,
  user_id: classEnrollments.user_id,
  user_name: sql<string>`coalesce(${users.name}, ${classEnrollments.name}, '')`,
  user_email: sql<string>`coalesce(${users.email}, ${classEnrollments.email}, '')`,
  phone: classEnrollments.phone,
  notes: classEnrollments.notes,
  status: classEnrollments.status,
  enrolled_at: classEnrollments.enrolled_at,
  dropped_at: classEnrollments.dropped_at,
};

const signupColumns = {
  id: classSignups.id,
  class_id: classSignups.class_id,
  kind: classSignups.kind,
  name: classSignups.name,
  email: classSignups.email,
  phone: classSignups.phone,
  user_id: classSignups.user_id,
  status: classSignups.status,
  offer_expires_at: classSignups.offer_expires_at,
  created_at: classSignups.created_at,
};

/** Place among those waiting or offered on the same class's waitlist, from 1. */
const positionOf = sql<number>`(select count(*) from ${classSignups} ahead where ahead.class_id = ${outer('class_signups', 'class_id')} and ahead.kind = 'waitlist' and ahead.status in ('waiting', 'offered') and ahead.seq <= ${outer('class_signups', 'seq')})`;

const onWaitlist = and(
  eq(classSignups.kind, 'waitlist'),
  inArray(classSignups.status, ['waiting', 'offered']),
);

/** A member's own signups, and those made with their confirmed e-mail when given. */
const byMember = (userId: string, email: string | null) =>
  email
    ? or(eq(classSignups.user_id, userId), eq(classSignups.email, email.toLowerCase()))
    : eq(classSignups.user_id, userId);

export function createClassesRepo(db: Db) {
  async function findClass(id: string, now: Date) {
    const [row] = await db.select(classColumns(now)).from(classes).where(eq(classes.id, id)).limit(1);
    return row;
  }

  return {
    findClass,

    listPublished(now: Date, limit: number) {
      return db
        .select(classColumns(now))
        .from(classes)
        .where(eq(classes.is_published, true))
        .orderBy(asc(classes.week_order), asc(classes.class_name), asc(classes.id))
        .limit(limit);
    },

    async listAll(now: Date, status: 'all' | 'published' | 'draft', page: Page) {
      const where = status === 'all' ? undefined : eq(classes.is_published, status === 'published');
      const [rows, [total]] = await Promise.all([
        db
          .select(classColumns(now))
          .from(classes)
          .where(where)
          .orderBy(desc(classes.created_at), desc(classes.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(classes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async insertClass(fields: ClassFields, now: Date): Promise<string> {
      const [row] = await db
        .insert(classes)
        .values({ ...fields, created_at: now, updated_at: now })
        .returning({ id: classes.id });
      return row!.id;
    },

    async updateClass(id: string, fields: Partial<ClassFields>, now: Date): Promise<boolean> {
      const rows = await db
        .update(classes)
        .set({ ...fields, updated_at: now })
        .where(eq(classes.id, id))
        .returning({ id: classes.id });
      return rows.length > 0;
    },

    async removeClass(id: string): Promise<boolean> {
      const rows = await db.delete(classes).where(eq(classes.id, id)).returning({ id: classes.id });
      return rows.length > 0;
    },

    async stats(now: Date) {
      const [row] = await db
        .select({
          total_classes: count(),
          published_classes: sql<number>`count(*) filter (where ${classes.is_published})`.mapWith(Number),
          total_capacity: sql<number>`coalesce(sum(${classes.max_capacity}), 0)`.mapWith(Number),
          full_classes:
            sql<number>`count(*) filter (where ${enrolledCount} + ${heldCount(now)} >= ${classes.max_capacity})`.mapWith(
              Number,
            ),
        })
        .from(classes);
      const [people] = await db
        .select({
          total_enrolled:
            sql<number>`(select count(*) from ${classEnrollments} where ${classEnrollments.status} = 'enrolled')`.mapWith(
              Number,
            ),
          waitlist_total:
            sql<number>`(select count(*) from ${classSignups} where ${classSignups.kind} = 'waitlist' and ${classSignups.status} in ('waiting', 'offered'))`.mapWith(
              Number,
            ),
          interest_total:
            sql<number>`(select count(*) from ${classSignups} where ${classSignups.kind} = 'interest')`.mapWith(
              Number,
            ),
        })
        .from(sql`(select 1) as one`);
      return { ...row!, ...people! };
    },

    userExists: async (id: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1)).length > 0,

    findUser: async (id: string) =>
      (
        await db
          .select({ id: users.id, name: users.name, email: users.email, confirmed_email: confirmedEmail })
          .from(users)
          .where(eq(users.id, id))
          .limit(1)
      )[0],

    /** The account whose confirmed address this is: an unconfirmed one is owed nothing kept by it. */
    findUserByEmail: async (email: string) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(sql`${confirmedEmail} = ${email.toLowerCase()}`)
          .limit(1)
      )[0],

    /* Enrolments ---------------------------------------------------------------------------- */

    listEnrollments(classId: string) {
      return db
        .select(enrollmentColumns)
        .from(classEnrollments)
        .leftJoin(users, eq(users.id, classEnrollments.user_id))
        .where(eq(classEnrollments.class_id, classId))
        .orderBy(
          sql`case when ${classEnrollments.status} = 'enrolled' then 0 else 1 end`,
          asc(classEnrollments.enrolled_at),
          asc(classEnrollments.id),
        );
    },

    async findEnrollment(id: string) {
      const [row] = await db
        .select(enrollmentColumns)
        .from(classEnrollments)
        .leftJoin(users, eq(users.id, classEnrollments.user_id))
        .where(eq(classEnrollments.id, id))
        .limit(1);
      return row;
    },

    /** The member's current enrolment in a class. */
    async findMemberEnrollment(classId: string, userId: string) {
      const [row] = await db
        .select({ id: classEnrollments.id, enrolled_at: classEnrollments.enrolled_at })
        .from(classEnrollments)
        .where(
          and(
            eq(classEnrollments.class_id, classId),
            eq(classEnrollments.user_id, userId),
            eq(classEnrollments.status, 'enrolled'),
          ),
        )
        .limit(1);
      return row;
    },

    async hasManualEnrollment(classId: string, email: string) {
      const rows = await db
        .select({ id: classEnrollments.id })
        .from(classEnrollments)
        .where(
          and(
            eq(classEnrollments.class_id, classId),
            eq(classEnrollments.email, email),
            isNull(classEnrollments.user_id),
            eq(classEnrollments.status, 'enrolled'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertEnrollment(values: {
      class_id: string;
      user_id?: string | null;
      name?: string | null;
      email?: string | null;
      phone?: string | null;
      notes?: string | null;
      at: Date;
    }): Promise<string> {
      const { at: when, ...fields } = values;
      const [row] = await db
        .insert(classEnrollments)
        .values({ ...fields, status: 'enrolled', enrolled_at: when })
        .returning({ id: classEnrollments.id });
      return row!.id;
    },

    /** Drops the enrolled row whose user_id, or else whose own id, is `who`; its id, if there was one. */
    async dropEnrollment(classId: string, who: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(classEnrollments)
        .set({ status: 'dropped', dropped_at: now })
        .where(
          and(
            eq(classEnrollments.class_id, classId),
            eq(classEnrollments.status, 'enrolled'),
            or(
              eq(classEnrollments.user_id, who),
              and(isNull(classEnrollments.user_id), eq(classEnrollments.id, who)),
            ),
          ),
        )
        .returning({ id: classEnrollments.id });
      return row?.id;
    },

    /** A member's current classes: enrolments, and waitlist entries by account or e-mail. */
    /** A member's classes and waitlist places: theirs, and those kept by their confirmed e-mail when given. */
    async memberEntries(userId: string, email: string | null) {
      const [enrolled, listed] = await Promise.all([
        db
          .select({ class_id: classEnrollments.class_id, enrolled_at: classEnrollments.enrolled_at })
          .from(classEnrollments)
          .where(and(eq(classEnrollments.user_id, userId), eq(classEnrollments.status, 'enrolled')))
          .orderBy(asc(classEnrollments.enrolled_at)),
        db
          .select({ ...signupColumns, position: positionOf.mapWith(Number) })
          .from(classSignups)
          .where(and(onWaitlist, byMember(userId, email)))
          .orderBy(asc(classSignups.seq)),
      ]);
      return { enrolled, listed };
    },

    /* Interest list and waitlist ------------------------------------------------------------- */

    listSignups(classId: string, kind: SignupKind) {
      const where =
        kind === 'waitlist'
          ? and(eq(classSignups.class_id, classId), onWaitlist)
          : and(eq(classSignups.class_id, classId), eq(classSignups.kind, 'interest'));
      return db
        .select({ ...signupColumns, position: positionOf.mapWith(Number) })
        .from(classSignups)
        .where(where)
        .orderBy(asc(classSignups.seq));
    },

    async findSignup(classId: string, email: string, kind: SignupKind) {
      const [row] = await db
        .select({ ...signupColumns, position: positionOf.mapWith(Number) })
        .from(classSignups)
        .where(
          and(eq(classSignups.class_id, classId), eq(classSignups.email, email), eq(classSignups.kind, kind)),
        )
        .limit(1);
      return row;
    },

    /** A new entry, or undefined when the e-mail is already on that list. */
    async insertSignup(values: {
      class_id: string;
      kind: SignupKind;
      name: string;
      email: string;
      phone: string | null;
      user_id: string | null;
      at: Date;
    }): Promise<string | undefined> {
      const { at: when, ...fields } = values;
      const [row] = await db
        .insert(classSignups)
        .values({ ...fields, status: 'waiting', created_at: when, updated_at: when })
        .onConflictDoNothing()
        .returning({ id: classSignups.id });
      return row?.id;
    },

    /** Puts an entry that left the list back at its end. */
    async rejoin(
      id: string,
      values: { name: string; phone: string | null; user_id: string | null },
      now: Date,
    ) {
      await db
        .update(classSignups)
        .set({
          ...values,
          status: 'waiting',
          seq: sql`nextval(pg_get_serial_sequence('class_signups', 'seq'))`,
          token_hash: null,
          offer_expires_at: null,
          created_at: now,
          updated_at: now,
        })
        .where(
          and(eq(classSignups.id, id), inArray(classSignups.status, ['withdrawn', 'expired', 'accepted'])),
        );
    },

    async linkSignupToUser(id: string, userId: string) {
      await db
        .update(classSignups)
        .set({ user_id: userId })
        .where(and(eq(classSignups.id, id), isNull(classSignups.user_id)));
    },

    /** The oldest entry still waiting on a class's waitlist. */
    async nextWaiting(classId: string) {
      const [row] = await db
        .select(signupColumns)
        .from(classSignups)
        .where(
          and(
            eq(classSignups.class_id, classId),
            eq(classSignups.kind, 'waitlist'),
            eq(classSignups.status, 'waiting'),
          ),
        )
        .orderBy(asc(classSignups.seq))
        .limit(1);
      return row;
    },

    async markOffered(id: string, tokenHash: string, expiresAt: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(classSignups)
        .set({ status: 'offered', token_hash: tokenHash, offer_expires_at: expiresAt, updated_at: now })
        .where(and(eq(classSignups.id, id), eq(classSignups.status, 'waiting')))
        .returning({ id: classSignups.id });
      return rows.length > 0;
    },

    /** Expires the offer only if it is still open and its time has come: acts once. */
    async expireOffer(id: string, now: Date) {
      const [row] = await db
        .update(classSignups)
        .set({ status: 'expired', token_hash: null, offer_expires_at: null, updated_at: now })
        .where(
          and(
            eq(classSignups.id, id),
            eq(classSignups.status, 'offered'),
            lte(classSignups.offer_expires_at, now),
          ),
        )
        .returning({ class_id: classSignups.class_id });
      return row;
    },

    /** An offer whose link is still good. */
    async findOpenOffer(tokenHash: string, now: Date) {
      const [row] = await db
        .select(signupColumns)
        .from(classSignups)
        .where(
          and(
            eq(classSignups.token_hash, tokenHash),
            eq(classSignups.status, 'offered'),
            sql`${classSignups.offer_expires_at} > ${at(now)}`,
          ),
        )
        .limit(1);
      return row;
    },

    /** Closes an open offer as taken (or any open entry as withdrawn); false if it was not open. */
    async closeSignup(id: string, status: 'accepted' | 'withdrawn', now: Date): Promise<boolean> {
      const open =
        status === 'accepted'
          ? and(eq(classSignups.status, 'offered'), sql`${classSignups.offer_expires_at} > ${at(now)}`)
          : inArray(classSignups.status, ['waiting', 'offered']);
      const rows = await db
        .update(classSignups)
        .set({ status, token_hash: null, offer_expires_at: null, updated_at: now })
        .where(and(eq(classSignups.id, id), open))
        .returning({ id: classSignups.id });
      return rows.length > 0;
    },

    /** A member's open waitlist entry for a class, by account or e-mail. */
    /** A member's place on a class's waitlist: theirs, or one kept by their confirmed e-mail when given. */
    async memberWaitlistEntry(classId: string, userId: string, email: string | null) {
      const [row] = await db
        .select({ ...signupColumns, position: positionOf.mapWith(Number) })
        .from(classSignups)
        .where(and(eq(classSignups.class_id, classId), onWaitlist, byMember(userId, email)))
        .limit(1);
      return row;
    },
  };
}
export type ClassesRepo = ReturnType<typeof createClassesRepo>;
export type ClassRow = NonNullable<Awaited<ReturnType<ClassesRepo['findClass']>>>;
export type EnrollmentRow = NonNullable<Awaited<ReturnType<ClassesRepo['findEnrollment']>>>;
export type SignupRow = NonNullable<Awaited<ReturnType<ClassesRepo['findSignup']>>>;

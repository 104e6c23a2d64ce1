import {
  ALREADY_ENROLLED_MESSAGE,
  CLASS_FULL_MESSAGE,
  CLASS_MESSAGES,
  CLASS_NOT_FOUND_MESSAGE,
  ENROLLMENT_NOT_FOUND_MESSAGE,
  NOT_IN_CLASS_MESSAGE,
  PUBLIC_CLASSES_MAX,
  type Class,
  type ClassEnrollment,
  type ClassEnrollmentsResponse,
  type ClassStats,
  type MemberClass,
  type MemberClassResponse,
  type MemberClassesResponse,
  type ParsedClassInput,
  type UpcomingMeeting,
} from '../../../common/classes';
import type { Platform } from '../../platform';
import { assertSelfOrAdmin, type AuthContext } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import { createAttendance } from './classes.attendance';
import { iso, toClass, toEnrollment, toFields, toSignup } from './classes.present';
import { createWaitlist, hasRoom } from './classes.waitlist';
import { createClassesRepo, type ClassRow } from './classes.repo';
import { addDays, dayOfDate, toSchool, zonedInstant } from '../../../common/school-time';

export const classNotFound = () => notFound(CLASS_NOT_FOUND_MESSAGE, 'CLASS_NOT_FOUND');
const classFull = () => conflict(CLASS_FULL_MESSAGE, 'CLASS_FULL');
const alreadyEnrolled = () => conflict(ALREADY_ENROLLED_MESSAGE, 'ALREADY_ENROLLED');

export function createClassesService(platform: Platform) {
  const repo = createClassesRepo(platform.db);
  const now = () => platform.clock.now();
  const timeZone = platform.config.SCHOOL_TIMEZONE;
  const lockKey = (classId: string) => `class:${classId}`;

  async function loadRow(id: string, options: { drafts: boolean }): Promise<ClassRow> {
    const row = await repo.findClass(id, now());
    if (!row || (!row.is_published && !options.drafts)) throw classNotFound();
    return row;
  }
  const load = async (id: string, options = { drafts: true }) => toClass(await loadRow(id, options));

  /** A member's place in a class, as their dashboard shows it. */
  async function memberEntry(
    classId: string,
    userId: string,
    email: string | null,
  ): Promise<MemberClass | null> {
    const enrolled = await repo.findMemberEnrollment(classId, userId);
    const cls = await load(classId);
    if (enrolled)
      return {
        class: cls,
        status: 'enrolled',
        enrolled_at: enrolled.enrolled_at.toISOString(),
        waitlist_position: null,
        offer_expires_at: null,
      };
    const listed = await repo.memberWaitlistEntry(classId, userId, email);
    if (!listed) return null;
    return {
      class: cls,
      status: listed.status === 'offered' ? 'offered' : 'waitlisted',
      enrolled_at: null,
      waitlist_position: listed.position,
      offer_expires_at: iso(listed.offer_expires_at),
    };
  }

  /** The signed-in member's account (a session outlives no account, so it is there). */
  async function member(userId: string) {
    const user = await repo.findUser(userId);
    if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
    return user;
  }

  const attendance = createAttendance(platform, repo, { load: (id) => loadRow(id, { drafts: true }) });
  const waitlist = createWaitlist(platform, repo, { loadRow, load, lockKey });
  const { offerFreeSeats, takeOffer, joinList } = waitlist;

  return {
    /** The published classes, by first session of the week: what GET /classes and the classes page show. */
    async listPublished(): Promise<Class[]> {
      return (await repo.listPublished(now(), PUBLIC_CLASSES_MAX)).map(toClass);
    },

    /** One class; a draft only for an administrator. */
    find: (id: string, auth: AuthContext | null) => load(id, { drafts: auth?.user.is_admin === true }),

    async adminList(status: 'all' | 'published' | 'draft', page: { limit: number; offset: number }) {
      const { rows, total } = await repo.listAll(now(), status, page);
      return { classes: rows.map(toClass), total };
    },

    async create(input: ParsedClassInput): Promise<Class> {
      const id = await repo.insertClass(toFields(input), now());
      return load(id);
    },

    /**
     * Replaces a class's fields. A capacity below the enrolled count frees nobody; a raised one
     * offers the new seats to the waitlist.
     */
    async update(id: string, input: ParsedClassInput): Promise<Class> {
      await platform.withAdvisoryLock(lockKey(id), async () => {
        if (!(await repo.updateClass(id, toFields(input), now()))) throw classNotFound();
        await offerFreeSeats(id);
      });
      return load(id);
    },

    async setStatus(id: string, status: 'published' | 'draft'): Promise<Class> {
      if (!(await repo.updateClass(id, { is_published: status === 'published' }, now())))
        throw classNotFound();
      return load(id);
    },

    /** Deletes a class with its enrolments, lists, meetings and attendance. */
    async remove(id: string): Promise<void> {
      if (!(await repo.removeClass(id))) throw classNotFound();
    },

    async stats(): Promise<ClassStats> {
      const s = await repo.stats(now());
      return { ...s, draft_classes: s.total_classes - s.published_classes };
    },

    /** The next meetings of the published classes from now, soonest first, in the school's time. */
    async upcoming(limit: number): Promise<UpcomingMeeting[]> {
      const published = await repo.listPublished(now(), PUBLIC_CLASSES_MAX);
      if (published.length === 0) return [];
      const at = now();
      const today = toSchool(at, timeZone).date;
      const meetings: UpcomingMeeting[] = [];
      // A week holds every class's meetings; enough weeks to fill the limit with the rarest class.
      for (let offset = 0; offset < 7 * (limit + 1) && meetings.length < limit; offset++) {
        const date = addDays(today, offset);
        const day = dayOfDate(date);
        const onDay: UpcomingMeeting[] = [];
        for (const row of published) {
          for (const session of row.sessions) {
            if (session.day_of_week !== day) continue;
            const startsAt = zonedInstant(date, session.start_time, timeZone);
            if (startsAt < at) continue;
            onDay.push({
              class_id: row.id,
              class_name: row.class_name,
              instructor_name: row.instructor_name,
              location: row.location,
              date,
              start_time: session.start_time,
              end_time: session.end_time,
              starts_at: startsAt.toISOString(),
              current_enrollment: row.enrolled + row.held,
              max_capacity: row.max_capacity,
            });
          }
        }
        onDay.sort(
          (a, b) => a.starts_at.localeCompare(b.starts_at) || a.class_name.localeCompare(b.class_name),
        );
        meetings.push(...onDay);
      }
      return meetings.slice(0, limit);
    },

    async enrollments(id: string): Promise<ClassEnrollmentsResponse> {
      await loadRow(id, { drafts: true });
      const [enrollments, interest, waitlist] = await Promise.all([
        repo.listEnrollments(id),
        repo.listSignups(id, 'interest'),
        repo.listSignups(id, 'waitlist'),
      ]);
      return {
        enrollments: enrollments.map(toEnrollment),
        interest: interest.map(toSignup),
        waitlist: waitlist.map(toSignup),
      };
    },

    /** An administrator enrols an existing member; capacity applies, with no waitlist. */
    async adminEnroll(classId: string, userId: string): Promise<ClassEnrollment> {
      const id = await platform.withAdvisoryLock(lockKey(classId), async () => {
        const row = await loadRow(classId, { drafts: true });
        const user = await repo.findUser(userId);
        if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
        if (await repo.findMemberEnrollment(classId, userId)) throw alreadyEnrolled();
        if (!hasRoom(row)) throw classFull();
        const id = await repo.insertEnrollment({ class_id: classId, user_id: userId, at: now() });
        const listed = await repo.memberWaitlistEntry(classId, userId, user.confirmed_email);
        if (listed) await repo.closeSignup(listed.id, 'withdrawn', now());
        return id;
      });
      return toEnrollment((await repo.findEnrollment(id))!);
    },

    /** An administrator adds someone without an account; capacity applies. */
    async manualEnroll(
      classId: string,
      input: { name: string; email: string; phone: string | null; notes: string | null },
    ): Promise<ClassEnrollment> {
      const id = await platform.withAdvisoryLock(lockKey(classId), async () => {
        const row = await loadRow(classId, { drafts: true });
        if (await repo.hasManualEnrollment(classId, input.email))
          throw conflict('This person is already enrolled in this class', 'ALREADY_ENROLLED');
        if (!hasRoom(row)) throw classFull();
        return repo.insertEnrollment({ class_id: classId, ...input, at: now() });
      });
      return toEnrollment((await repo.findEnrollment(id))!);
    },

    /** `who` is the enrolment's user_id, or for a hand-added person the enrolment's own id. */
    async adminRemove(classId: string, who: string): Promise<void> {
      await platform.withAdvisoryLock(lockKey(classId), async () => {
        await loadRow(classId, { drafts: true });
        if (!(await repo.dropEnrollment(classId, who, now())))
          throw notFound(ENROLLMENT_NOT_FOUND_MESSAGE, 'ENROLLMENT_NOT_FOUND');
        await offerFreeSeats(classId);
      });
    },

    /**
     * A member enrols: a seat if one is free (or their open offer's seat), else the waitlist when
     * the class has one. Under the class's lock, so the last seat goes to exactly one caller.
     */
    async enroll(
      auth: AuthContext,
      classId: string,
    ): Promise<{ created: boolean; body: MemberClassResponse }> {
      const { id: userId, email, confirmed_email: ownEmail, name } = await member(auth.user.id);
      const outcome = await platform.withAdvisoryLock(lockKey(classId), async () => {
        const row = await loadRow(classId, { drafts: false });
        if (await repo.findMemberEnrollment(classId, userId)) throw alreadyEnrolled();
        const listed = await repo.memberWaitlistEntry(classId, userId, ownEmail);
        if (listed?.status === 'offered' && listed.offer_expires_at && listed.offer_expires_at > now()) {
          await repo.linkSignupToUser(listed.id, userId);
          await takeOffer({ ...listed, user_id: userId });
          return 'enrolled' as const;
        }
        if (hasRoom(row)) {
          await repo.insertEnrollment({ class_id: classId, user_id: userId, at: now() });
          // In the class now, so off its waitlist.
          if (listed) await repo.closeSignup(listed.id, 'withdrawn', now());
          return 'enrolled' as const;
        }
        if (!row.waitlist_enabled) throw classFull();
        if (listed) return 'waitlisted' as const;
        const signup = { name, phone: null, user_id: userId };
        await joinList(
          row,
          'waitlist',
          { ...signup, email: email.toLowerCase() },
          { ownsEmail: ownEmail !== null },
        );
        return 'waitlisted' as const;
      });
      const entry = await memberEntry(classId, userId, ownEmail);
      return {
        created: outcome === 'enrolled',
        body: {
          entry,
          message:
            outcome === 'enrolled'
              ? `You are enrolled in ${entry?.class.class_name ?? 'the class'}`
              : CLASS_MESSAGES.waitlistJoined,
        },
      };
    },

    /** A member leaves a class or its waitlist (declining an offer); a freed seat is offered on. */
    async leave(auth: AuthContext, classId: string): Promise<MemberClassResponse> {
      const { id: userId, confirmed_email: ownEmail } = await member(auth.user.id);
      await platform.withAdvisoryLock(lockKey(classId), async () => {
        await loadRow(classId, { drafts: true });
        const dropped = await repo.dropEnrollment(classId, userId, now());
        if (!dropped) {
          const listed = await repo.memberWaitlistEntry(classId, userId, ownEmail);
          if (!listed || !(await repo.closeSignup(listed.id, 'withdrawn', now())))
            throw notFound(NOT_IN_CLASS_MESSAGE, 'NOT_IN_CLASS');
        }
        await offerFreeSeats(classId);
      });
      return { entry: null, message: 'You have left the class' };
    },

    async memberClasses(auth: AuthContext, userId: string): Promise<MemberClassesResponse> {
      assertSelfOrAdmin(auth, userId);
      const user = await repo.findUser(userId);
      if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
      const { enrolled, listed } = await repo.memberEntries(userId, user.confirmed_email);
      const ids = [...new Set([...enrolled.map((e) => e.class_id), ...listed.map((l) => l.class_id)])];
      const rows = new Map<string, Class>();
      for (const row of await Promise.all(ids.map((id) => repo.findClass(id, now()))))
        if (row) rows.set(row.id, toClass(row));
      const entries: MemberClass[] = [];
      for (const e of enrolled) {
        const cls = rows.get(e.class_id);
        if (cls)
          entries.push({
            class: cls,
            status: 'enrolled',
            enrolled_at: e.enrolled_at.toISOString(),
            waitlist_position: null,
            offer_expires_at: null,
          });
      }
      for (const l of listed) {
        const cls = rows.get(l.class_id);
        if (cls && !enrolled.some((e) => e.class_id === l.class_id))
          entries.push({
            class: cls,
            status: l.status === 'offered' ? 'offered' : 'waitlisted',
            enrolled_at: null,
            waitlist_position: l.position,
            offer_expires_at: iso(l.offer_expires_at),
          });
      }
      return { classes: entries };
    },

    registerInterest: waitlist.registerInterest,
    findOffer: waitlist.findOffer,
    acceptOffer: waitlist.acceptOffer,
    ...attendance,
  };
}
export type ClassesService = ReturnType<typeof createClassesService>;

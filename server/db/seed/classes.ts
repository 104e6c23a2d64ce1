import { randomInt } from 'node:crypto';
import { CLASS_DAYS, type ClassSession, type ParsedClassInput } from '../../../common/classes';
import type { Db, Tx } from '../client';
import { classAttendance, classEnrollments, classes, classMeetings, classSignups } from '../schema';

const DAY = 86_400_000;
const HALL = 'Main hall, 1120 Sebastopol Road, Santa Rosa';
const COURTYARD = 'Garden courtyard, 1120 Sebastopol Road, Santa Rosa';

type DemoClass = ParsedClassInput & {
  /** Demo people enrolled by hand (no account). */
  manual?: { name: string; email: string }[];
  /** Demo accounts enrolled, by username. */
  members?: string[];
  waitlist?: { name: string; email: string }[];
};

/** The demo school's weekly classes: five published, the advanced one full with two waiting. */
export const DEMO_CLASSES: DemoClass[] = [
  {
    class_name: 'Taijiquan for Beginners',
    description:
      'Yang-style Taijiquan from the first posture: standing, weight shifting and the opening movements of the long form, taught slowly and with attention to knees and back. No experience needed; wear flat shoes and loose clothing.',
    instructor_name: 'Sifu Lin Wei',
    location: HALL,
    class_type: 'beginner',
    skill_focus: 'Yang-style form, posture and relaxed breathing',
    class_duration: 60,
    max_capacity: 16,
    price: 90,
    age_restrictions: 'All ages',
    requires_membership: false,
    waitlist_enabled: true,
    is_published: true,
    video_embed_url: 'https://www.youtube.com/watch?v=cEOS2zoyQw4',
    sessions: [
      { day_of_week: 'tuesday', start_time: '18:30', end_time: '19:30' },
      { day_of_week: 'saturday', start_time: '09:00', end_time: '10:00' },
    ],
    members: ['mei'],
    manual: [
      { name: 'Linda Marsh', email: 'linda.marsh@example.org' },
      { name: 'Ana Gutierrez', email: 'ana.gutierrez@example.org' },
    ],
  },
  {
    class_name: 'Xingyiquan Fundamentals',
    description:
      'San ti shi, the five elements and their linking form. For students with some grounding in an internal art who want the power and directness of Xingyi.',
    instructor_name: 'Sifu Maria Alvarez',
    location: HALL,
    class_type: 'intermediate',
    skill_focus: 'San ti shi and the five element fists',
    class_duration: 90,
    max_capacity: 12,
    price: 110,
    age_restrictions: '16 and over',
    requires_membership: false,
    waitlist_enabled: true,
    is_published: true,
    video_embed_url: null,
    sessions: [
      { day_of_week: 'monday', start_time: '19:00', end_time: '20:30' },
      { day_of_week: 'wednesday', start_time: '19:00', end_time: '20:30' },
    ],
    members: ['daniel'],
    manual: [{ name: 'Marcus Bell', email: 'marcus.bell@example.org' }],
  },
  {
    class_name: 'Baguazhang Circle Walking',
    description:
      "Mud-wading steps around the circle, the eight mother palms and the single palm change. Outdoors in the courtyard when the weather allows; in the hall when it doesn't.",
    instructor_name: 'Sifu Zhao Ming',
    location: COURTYARD,
    class_type: 'intermediate',
    skill_focus: 'Circle walking and the single palm change',
    class_duration: 75,
    max_capacity: 10,
    price: 95,
    age_restrictions: '14 and over',
    requires_membership: true,
    waitlist_enabled: true,
    is_published: true,
    video_embed_url: null,
    sessions: [
      { day_of_week: 'wednesday', start_time: '07:00', end_time: '08:15' },
      { day_of_week: 'sunday', start_time: '10:00', end_time: '11:15' },
    ],
    manual: [{ name: 'Priya Raman', email: 'priya.raman@example.org' }],
  },
  {
    class_name: 'Open Push Hands',
    description:
      'Single- and double-hand push hands with partners of every style and level. Listening, yielding and rooting; no contest. Drop in any Friday.',
    instructor_name: 'Sifu Lin Wei',
    location: HALL,
    class_type: 'open_level',
    skill_focus: 'Tui shou: listening and yielding with a partner',
    class_duration: 120,
    max_capacity: 20,
    price: 20,
    age_restrictions: '18 and over',
    requires_membership: false,
    waitlist_enabled: false,
    is_published: true,
    video_embed_url: null,
    sessions: [{ day_of_week: 'friday', start_time: '18:00', end_time: '20:00' }],
    manual: [{ name: 'Tom Hadley', email: 'tom.hadley@example.org' }],
  },
  {
    class_name: 'Advanced Xingyiquan: Twelve Animals',
    description:
      'The twelve animal forms and two-person sets for students who have trained the five elements for at least two years. Small on purpose, so each student gets corrections.',
    instructor_name: 'Sifu Maria Alvarez',
    location: HALL,
    class_type: 'advanced',
    skill_focus: 'Twelve animal forms and partner drills',
    class_duration: 120,
    max_capacity: 6,
    price: 140,
    age_restrictions: '18 and over',
    requires_membership: true,
    waitlist_enabled: true,
    is_published: true,
    video_embed_url: null,
    sessions: [{ day_of_week: 'saturday', start_time: '11:00', end_time: '13:00' }],
    members: ['daniel'],
    manual: [
      { name: 'Marcus Bell', email: 'marcus.bell@example.org' },
      { name: 'Keiko Tanaka', email: 'keiko.tanaka@example.org' },
      { name: 'Robert Nguyen', email: 'robert.nguyen@example.org' },
      { name: 'Sofia Marquez', email: 'sofia.marquez@example.org' },
      { name: 'Ethan Brooks', email: 'ethan.brooks@example.org' },
    ],
    waitlist: [
      { name: 'Grace Liu', email: 'grace.liu@example.org' },
      { name: 'Omar Haddad', email: 'omar.haddad@example.org' },
    ],
  },
];

const firstMinute = (sessions: ClassSession[]) =>
  Math.min(
    ...sessions.map(
      (s) =>
        CLASS_DAYS.indexOf(s.day_of_week) * 1440 +
        Number(s.start_time.slice(0, 2)) * 60 +
        Number(s.start_time.slice(3)),
    ),
  );

/** The dates (YYYY-MM-DD) of the last `weeks` such weekdays before `now`'s calendar day. */
function pastDates(now: Date, day: ClassSession['day_of_week'], weeks: number): string[] {
  const target = (CLASS_DAYS.indexOf(day) + 1) % 7; // as getUTCDay counts, Sunday first
  const dates: string[] = [];
  let at = now.getTime() - DAY;
  while (dates.length < weeks) {
    const d = new Date(at);
    if (d.getUTCDay() === target) dates.push(d.toISOString().slice(0, 10));
    at -= DAY;
  }
  return dates;
}

/** Runs inside seedDemo's transaction, once, on a database without users. */
export async function seedDemoClasses(
  db: Db | Tx,
  userIds: Record<string, string>,
  now: Date,
): Promise<void> {
  for (const [index, demo] of DEMO_CLASSES.entries()) {
    const created = new Date(now.getTime() - (60 - index) * DAY);
    const { manual = [], members = [], waitlist = [], price, sessions, ...fields } = demo;
    const [row] = await db
      .insert(classes)
      .values({
        ...fields,
        price_cents: Math.round(price * 100),
        sessions,
        week_order: firstMinute(sessions),
        created_at: created,
        updated_at: created,
      })
      .returning({ id: classes.id });
    const classId = row!.id;
    const enrolments: { id: string; username?: string }[] = [];
    for (const [i, username] of members.entries()) {
      const [e] = await db
        .insert(classEnrollments)
        .values({
          class_id: classId,
          user_id: userIds[username]!,
          enrolled_at: new Date(created.getTime() + (i + 1) * DAY),
        })
        .returning({ id: classEnrollments.id });
      enrolments.push({ id: e!.id, username });
    }
    for (const [i, person] of manual.entries()) {
      await db.insert(classEnrollments).values({
        class_id: classId,
        ...person,
        enrolled_at: new Date(created.getTime() + (i + 2) * DAY),
      });
    }
    for (const [i, person] of waitlist.entries()) {
      const at = new Date(now.getTime() - (10 - i) * DAY);
      await db
        .insert(classSignups)
        .values({ class_id: classId, kind: 'waitlist', ...person, created_at: at, updated_at: at });
    }
    // Mei's record in her Taijiquan class: five of the last six Tuesdays.
    const mei = enrolments.find((e) => e.username === 'mei');
    if (mei) {
      for (const [week, date] of pastDates(now, 'tuesday', 6).entries()) {
        const [meeting] = await db
          .insert(classMeetings)
          .values({
            class_id: classId,
            date,
            start_time: '18:30',
            code: String(randomInt(0, 10_000)).padStart(4, '0'),
            created_at: new Date(`${date}T18:00:00Z`),
          })
          .returning({ id: classMeetings.id });
        if (week === 2) continue;
        await db.insert(classAttendance).values({
          meeting_id: meeting!.id,
          enrollment_id: mei.id,
          user_id: userIds.mei!,
          name: 'Mei Chen',
          method: week % 2 === 0 ? 'roster' : 'self',
          // 18:25 school time is 01:25 or 02:25 UTC the next day; the hour matters little here.
          checked_in_at: new Date(new Date(`${date}T00:00:00Z`).getTime() + DAY + 2 * 3_600_000),
        });
      }
    }
  }
}

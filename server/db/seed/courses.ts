import type { MediaStorage } from '../../platform/storage';
import type { Db, Tx } from '../client';
import {
  courseFeatures,
  courseRequests,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  modules,
  quizAttempts,
  quizResponses,
  reviewHelpfulVotes,
  reviews,
} from '../schema';
import { CIRCLE_WALKING, FIVE_ELEMENTS } from './course-content-arts';
import { PUSH_HANDS, ZHAN_ZHUANG, type SeedCourse, type SeedLesson } from './course-content';
import { demoVideoLessons, storeDemoVideos } from './demo-media';
import { DEMO_ADMIN } from './demo-accounts';

/** Free course, paid course, series, and one unpublished course in preparation. */
export const DEMO_COURSES: readonly SeedCourse[] = [ZHAN_ZHUANG, FIVE_ELEMENTS, CIRCLE_WALKING, PUSH_HANDS];

type Student = 'mei' | 'daniel';

interface EnrollmentPlan {
  student: Student;
  course: SeedCourse;
  source: 'free' | 'payment';
  startedDaysAgo: number;
  /** The first `completed` lessons in course order are done, spread evenly up to this day. */
  finishedDaysAgo: number;
  completed: number | 'all';
  /** Quiz question ids the student got wrong (answered with the next option); the rest are right. */
  missed?: string[];
}

/** Mei is part-way through two courses; Daniel has finished the free one, quiz included. */
const ENROLLMENTS: readonly EnrollmentPlan[] = [
  {
    student: 'mei',
    course: ZHAN_ZHUANG,
    source: 'free',
    startedDaysAgo: 20,
    finishedDaysAgo: 3,
    completed: 5,
  },
  {
    student: 'mei',
    course: FIVE_ELEMENTS,
    source: 'payment',
    startedDaysAgo: 6,
    finishedDaysAgo: 5,
    completed: 1,
  },
  {
    student: 'daniel',
    course: ZHAN_ZHUANG,
    source: 'free',
    startedDaysAgo: 45,
    finishedDaysAgo: 10,
    completed: 'all',
    missed: ['q3'],
  },
];

const REVIEWS: readonly {
  student: Student;
  course: SeedCourse;
  rating: number;
  daysAgo: number;
  text: string;
}[] = [
  {
    student: 'daniel',
    course: ZHAN_ZHUANG,
    rating: 5,
    daysAgo: 9,
    text: "I came to this course after a year of Xingyi classes where standing always felt like the part to get through before the real training. Sifu Lin Wei's explanation of song finally made it click: I had been holding my shoulders up the whole time and calling it structure. The twelve-week plan is realistic with a full-time job, and the common-mistakes article is now taped to my wall. Two months in, my san ti is noticeably steadier and my lower back no longer aches after class. Highly recommended for beginners, and for anyone who skipped the foundations the first time round.",
  },
  {
    student: 'mei',
    course: FIVE_ELEMENTS,
    rating: 4,
    daysAgo: 2,
    text: "Only a week in, but Sifu Maria breaks san ti shi down more clearly than anything I have found before, and the side-on mirror check for the six harmonies was an eye-opener. The videos show every movement from the side as well as the front, which matters for the footwork. One star off because I would have liked a printable practice chart for the san ti holds; otherwise excellent value, and I'm looking forward to Pi Quan.",
  },
];

/** Mei found Daniel's review helpful. */
const HELPFUL_VOTES: readonly { voter: Student; author: Student; course: SeedCourse; daysAgo: number }[] = [
  { voter: 'mei', author: 'daniel', course: ZHAN_ZHUANG, daysAgo: 1 },
];

const COURSE_REQUESTS: readonly {
  student: Student;
  subject: string;
  experience: string;
  reason: string;
  status: 'pending' | 'under_review';
  admin_notes: string | null;
  createdDaysAgo: number;
  updatedDaysAgo: number;
}[] = [
  {
    student: 'mei',
    subject: 'Chen-style Taijiquan Laojia Yilu',
    experience:
      'Two years of Yang-style Taijiquan (the 24 and 40 forms) at a community centre, plus the Zhan Zhuang foundations course here.',
    reason:
      'I have been to two Chen-style workshops and would love to learn Laojia Yilu properly, starting with the silk-reeling exercises. Nobody teaches Chen style near Oakland, so an online course with feedback from the school would be ideal.',
    status: 'pending',
    admin_notes: null,
    createdDaysAgo: 4,
    updatedDaysAgo: 4,
  },
  {
    student: 'daniel',
    subject: 'Baguazhang Weapons: Deer Horn Knives',
    experience:
      'About a year of Xingyiquan at the school and six months of circle walking in the Saturday class; no weapons training beyond staff basics.',
    reason:
      "The deer horn knives (lu jiao dao) are unique to Baguazhang and I'd like to learn them the way the school teaches circle walking. A course with safety guidance and advice on wooden trainers would help those of us who can't attend weapons workshops in person.",
    status: 'under_review',
    admin_notes:
      'Sifu Zhao Ming is willing to teach this after the Circle Walking Series. We are checking our insurance for bladed-weapon classes and whether wooden trainers can be shipped to online students.',
    createdDaysAgo: 12,
    updatedDaysAgo: 3,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

interface InsertedLesson {
  id: string;
  courseId: string;
  lesson: SeedLesson;
}

interface InsertedCourse {
  id: string;
  /** Every lesson, module by module, in order. */
  lessons: InsertedLesson[];
}

/**
 * The demo courses, their lesson videos in `storage`, and the demo students' activity in them;
 * `userIds` maps username to id.
 */
export async function seedDemoCourses(
  db: Db | Tx,
  storage: MediaStorage,
  userIds: Readonly<Record<string, string>>,
  now: Date,
): Promise<readonly SeedCourse[]> {
  const idOf = (username: string) => {
    const id = userIds[username];
    if (!id) throw new Error(`The demo account "${username}" must be created before the demo courses`);
    return id;
  };
  const adminId = idOf(DEMO_ADMIN.username);
  const videoNames = demoVideoLessons(DEMO_COURSES).map((v) => v.name);
  const videoUrls = await storeDemoVideos(db, storage, videoNames, adminId, now, 'lesson-videos');
  const inserted = new Map<SeedCourse, InsertedCourse>();
  for (const course of DEMO_COURSES) {
    inserted.set(course, await insertCourse(db, course, adminId, videoUrls, now));
  }
  const courseOf = (course: SeedCourse) => inserted.get(course)!;

  for (const plan of ENROLLMENTS) {
    await insertEnrollment(db, plan, idOf(plan.student), courseOf(plan.course), now);
  }

  const reviewIds = new Map<string, string>();
  for (const review of REVIEWS) {
    const source = ENROLLMENTS.find(
      (e) => e.student === review.student && e.course === review.course,
    )?.source;
    const votes = HELPFUL_VOTES.filter((v) => v.author === review.student && v.course === review.course);
    const at = daysBefore(now, review.daysAgo);
    const [row] = await db
      .insert(reviews)
      .values({
        course_id: courseOf(review.course).id,
        user_id: idOf(review.student),
        rating: review.rating,
        review_text: review.text,
        is_verified: source === 'payment',
        helpful_count: votes.length,
        created_at: at,
        updated_at: at,
      })
      .returning({ id: reviews.id });
    reviewIds.set(`${review.student}:${review.course.title}`, row!.id);
  }
  for (const vote of HELPFUL_VOTES) {
    await db.insert(reviewHelpfulVotes).values({
      review_id: reviewIds.get(`${vote.author}:${vote.course.title}`)!,
      user_id: idOf(vote.voter),
      created_at: daysBefore(now, vote.daysAgo),
    });
  }

  await db.insert(courseRequests).values(
    COURSE_REQUESTS.map(({ student, createdDaysAgo, updatedDaysAgo, ...request }) => ({
      ...request,
      user_id: idOf(student),
      created_at: daysBefore(now, createdDaysAgo),
      updated_at: daysBefore(now, updatedDaysAgo),
    })),
  );
  return DEMO_COURSES;
}

async function insertCourse(
  db: Db | Tx,
  course: SeedCourse,
  adminId: string,
  videoUrls: ReadonlyMap<string, string>,
  now: Date,
): Promise<InsertedCourse> {
  const createdAt = daysBefore(now, course.createdDaysAgo);
  const updatedAt = daysBefore(now, course.updatedDaysAgo);
  const { modules: courseModules, features, prerequisites, learning_objectives, ...fields } = course;
  const [row] = await db
    .insert(courses)
    .values({
      title: fields.title,
      description: fields.description,
      instructor_name: fields.instructor_name,
      skill_level: fields.skill_level,
      category: fields.category,
      language: 'English',
      estimated_hours: fields.estimated_hours,
      price_cents: fields.price_cents,
      currency: 'USD',
      prerequisites: prerequisites.join('\n'),
      learning_objectives: learning_objectives.join('\n'),
      is_published: fields.is_published,
      is_series: fields.is_series,
      thumbnail_url: null,
      created_by: adminId,
      created_at: createdAt,
      updated_at: updatedAt,
    })
    .returning({ id: courses.id });
  const courseId = row!.id;
  await db.insert(courseFeatures).values(features.map((feature_id) => ({ course_id: courseId, feature_id })));

  const all: InsertedLesson[] = [];
  for (const [m, mod] of courseModules.entries()) {
    const [moduleRow] = await db
      .insert(modules)
      .values({
        course_id: courseId,
        title: mod.title,
        description: mod.description,
        order_sequence: m + 1,
        created_at: createdAt,
        updated_at: updatedAt,
      })
      .returning({ id: modules.id });
    const rows = await db
      .insert(lessons)
      .values(
        mod.lessons.map((lesson, l) => ({
          module_id: moduleRow!.id,
          title: lesson.title,
          lesson_type: lesson.type,
          content_url: lesson.type === 'video' ? videoUrls.get(lesson.video)! : null,
          content_text: lesson.type === 'quiz' ? JSON.stringify(lesson.questions) : lesson.text,
          duration_minutes: lesson.minutes,
          order_sequence: l + 1,
          is_required: true,
          pass_mark: lesson.type === 'quiz' ? (lesson.passMark ?? null) : null,
          created_at: createdAt,
          updated_at: updatedAt,
        })),
      )
      .returning({ id: lessons.id, order: lessons.order_sequence });
    // RETURNING does not promise the VALUES order, so match rows by their position.
    const byOrder = new Map(rows.map((r) => [r.order, r.id]));
    mod.lessons.forEach((lesson, l) => all.push({ id: byOrder.get(l + 1)!, courseId, lesson }));
  }
  return { id: courseId, lessons: all };
}

async function insertEnrollment(
  db: Db | Tx,
  plan: EnrollmentPlan,
  userId: string,
  course: InsertedCourse,
  now: Date,
): Promise<void> {
  const total = course.lessons.length;
  const done = plan.completed === 'all' ? total : Math.min(plan.completed, total);
  const start = daysBefore(now, plan.startedDaysAgo).getTime();
  const step = (daysBefore(now, plan.finishedDaysAgo).getTime() - start) / Math.max(done, 1);
  const completed = course.lessons
    .slice(0, done)
    .map((l, i) => ({ ...l, at: new Date(start + step * (i + 1)) }));

  const scores = new Map<string, number>();
  for (const { id, lesson, at } of completed) {
    if (lesson.type !== 'quiz') continue;
    const answers = lesson.questions.map((q) => {
      const wrong = plan.missed?.includes(q.id) ?? false;
      const answer = wrong ? (q.correctAnswer + 1) % q.options.length : q.correctAnswer;
      return { q, answer, correct: answer === q.correctAnswer };
    });
    // As the quiz rules have it: correct answers divided by questions, times 100.
    const score = Math.round((answers.filter((a) => a.correct).length / answers.length) * 100);
    scores.set(id, score);
    const [attempt] = await db
      .insert(quizAttempts)
      .values({ user_id: userId, lesson_id: id, attempt_number: 1, score, submitted_at: at })
      .returning({ id: quizAttempts.id });
    await db.insert(quizResponses).values(
      answers.map(({ q, answer, correct }) => ({
        attempt_id: attempt!.id,
        question_id: q.id,
        question_text: q.text,
        user_answer: answer,
        correct_answer: q.correctAnswer,
        is_correct: correct,
      })),
    );
  }
  if (completed.length > 0) {
    await db.insert(lessonProgress).values(
      completed.map(({ id, courseId, at }) => ({
        user_id: userId,
        lesson_id: id,
        course_id: courseId,
        completed_at: at,
        quiz_score: scores.get(id) ?? null,
      })),
    );
  }

  const startDate = new Date(start);
  await db.insert(enrollments).values({
    user_id: userId,
    course_id: course.id,
    source: plan.source,
    start_date: startDate,
    completed_date: done === total ? completed.at(-1)!.at : null,
    progress: Math.round((done / total) * 100),
    created_at: startDate,
  });
}

import type { Db, Tx } from '../client';
import { news } from '../schema';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedNews {
  title: string;
  description: string;
  body: string;
  author_name: string;
  tags: string[];
  is_important: boolean;
  days_ago: number;
}

/** What the school's members read on their home page: a workshop, a schedule change, a new course. */
export const DEMO_NEWS: readonly SeedNews[] = [
  {
    title: 'Wednesday morning Baguazhang moves indoors until March',
    description:
      'The courtyard is too wet for circle walking, so the Wednesday 7:00 class meets in the main hall for the rest of the winter.',
    body:
      'The rains have turned the courtyard into real mud-wading ground, which is more than the step asks for. From this week until the first Wednesday of March, Baguazhang Circle Walking meets in the main hall at 1120 Sebastopol Road, same time, 7:00 to 8:15.\n\n' +
      'The Sunday 10:00 class stays outdoors when the weather allows; we decide by 8:00 that morning and post it here.\n\n' +
      'Please bring clean indoor shoes with flat soles. Street shoes stay by the door.',
    author_name: 'Sifu Zhao Ming',
    tags: ['Schedule', 'Baguazhang'],
    is_important: true,
    days_ago: 1,
  },
  {
    title: 'Spring push-hands workshop with Sifu Lin Wei',
    description:
      'A Saturday of Taijiquan push hands for students with at least six months of form practice: single hand, fixed step, and the four directions.',
    body:
      'On the second Saturday of April, Sifu Lin Wei leads a one-day workshop on push hands, from 10:00 to 16:00 with a long lunch break.\n\n' +
      'We begin with single-hand circles and listening, move to fixed-step ward off, roll back, press and push, and end with light free play for those who want it. Nobody is thrown; the aim is to feel the partner, not to win.\n\n' +
      'The workshop is open to students with six months or more of Taijiquan form practice. Places are limited to sixteen so that everyone gets hands-on correction. Book through the workshops page; members of the weekly classes pay the reduced fee.',
    author_name: 'Sifu Lin Wei',
    tags: ['Workshop', 'Taijiquan', 'Push hands'],
    is_important: false,
    days_ago: 6,
  },
  {
    title: 'New online course: Xingyiquan Five Elements',
    description:
      'The five element fists, from Pi Quan to Heng Quan, are now an online course with a lesson for each fist and quizzes on the principles.',
    body:
      'Many of you asked for a way to go over the five elements between classes. The new course Xingyiquan Five Elements: Pi Quan to Heng Quan walks through santi shi and each of the five fists, with the linking drills we use in the Monday and Wednesday evening classes.\n\n' +
      'Each lesson has a short video from several angles and notes on the common mistakes. Students of the weekly Xingyiquan class can use it alongside class; it does not replace correction in person.\n\n' +
      'You will find it under Courses. Questions about the material are welcome in class or through AI Sifu.',
    author_name: 'Sifu Maria Alvarez',
    tags: ['Courses', 'Xingyiquan'],
    is_important: false,
    days_ago: 14,
  },
  {
    title: 'Welcome to the members’ area',
    description:
      'Courses, your progress, messages to your instructors and the school’s news now live in one place, reached from any device.',
    body:
      'Until now, schedule changes went out by e-mail and course notes on paper. From today the members’ area holds them together: the online courses with your progress, the quizzes, your messages with the instructors, and this news page.\n\n' +
      'Important notices, such as a class moving or the hall closing, are also sent by e-mail. If you would rather not receive them, turn e-mail notifications off in Settings; they will still appear here.\n\n' +
      'If something does not work as you expect, send a support request from the Messages page and we will look at it.',
    author_name: 'Sifu Lin Wei',
    tags: ['School'],
    is_important: false,
    days_ago: 30,
  },
];

/** The demo news, published over the last month; nobody is e-mailed about them. */
export async function seedDemoNews(db: Db | Tx, now: Date): Promise<readonly SeedNews[]> {
  await db.insert(news).values(
    DEMO_NEWS.map((item) => {
      const at = new Date(now.getTime() - item.days_ago * DAY_MS);
      const { days_ago: _daysAgo, ...fields } = item;
      return { ...fields, status: 'published' as const, created_at: at, updated_at: at };
    }),
  );
  return DEMO_NEWS;
}

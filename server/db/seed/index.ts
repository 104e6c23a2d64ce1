import { and, count, eq, inArray } from 'drizzle-orm';
import type { MediaStorage } from '../../platform/storage';
import { verifySecret } from '../../platform/passwords';
import { createTransactions } from '../../platform/tx';
import type { Db } from '../client';
import { users } from '../schema';
import { createAccountWriter } from './accounts';
import { seedDemoBlog } from './blog';
import { DEMO_CLASSES, seedDemoClasses } from './classes';
import { seedDemoBookings } from './bookings';
import { seedDemoCourses } from './courses';
import { DEMO_ACCOUNTS, DEMO_ADMIN, type DemoAccount } from './demo-accounts';
import { seedKnowledge } from './knowledge-load';
import { seedDemoMessages } from './messages';
import { seedDemoNews } from './news';
import { seedDemoPayments } from './payments';
import { seedDemoResources } from './resources';
import { seedDemoTestimonials } from './testimonials';

/** Where the seed reports what it made; the server passes its logger, the CLI the console. */
export interface SeedLog {
  info(message: string): void;
}

/** The advisory lock key: instances starting together seed one at a time. */
const SEED_LOCK_KEY = 'demo-seed';

/**
 * Creates the demo content once, on a database without users: an admin who has accepted the
 * terms and two students who have not (so they meet the terms modal on first sign-in), and the
 * demo courses with the students' enrolments, progress, reviews and course requests, the order
 * behind the paid enrolment, an AI Sifu subscription, the students' testimonials, the weekly
 * classes with their enrolments, waitlist and attendance, the coming weeks' bookings (in
 * `timeZone`, the school's), and the students' messages with each other and Daniel's support
 * request, the school's news and the learning resources (a text, a video, an audio), and AI Sifu's knowledge base. The video lessons' files go into `storage`, the media store the server serves at /media.
 * Returns whether anything was created.
 */
export async function seedDemo(
  db: Db,
  storage: MediaStorage,
  log: SeedLog,
  now = new Date(),
  timeZone = 'America/Los_Angeles',
): Promise<boolean> {
  const created = await createTransactions(db).withAdvisoryLock(SEED_LOCK_KEY, async () => {
    const [existing] = await db.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return null;
    const accounts = createAccountWriter(db);
    const userIds: Record<string, string> = {};
    for (const account of DEMO_ACCOUNTS) {
      const { accepted_terms, ...fields } = account;
      const row = await accounts.create(fields, now);
      if (accepted_terms) await accounts.acceptCurrentTerms(row.id, now);
      userIds[account.username] = row.id;
    }
    const courses = await seedDemoCourses(db, storage, userIds, now);
    await seedDemoPayments(db, userIds, now);
    await seedDemoTestimonials(db, now);
    await seedDemoClasses(db, userIds, now);
    await seedDemoBookings(db, now, timeZone);
    await seedDemoMessages(db, userIds, now);
    const posts = await seedDemoBlog(db, storage, userIds[DEMO_ADMIN.username]!, now);
    const news = await seedDemoNews(db, now);
    const resources = await seedDemoResources(db, storage, userIds[DEMO_ADMIN.username]!, now);
    const knowledge = await seedKnowledge(db, now);
    return { accounts: DEMO_ACCOUNTS, courses, posts, news, resources, knowledge };
  });
  if (!created) return false;
  // One line each, so the accounts read well in JSON logs too.
  log.info(
    'Demo content created. Sign in at /app/login with these accounts (change or remove them before going live):',
  );
  for (const account of created.accounts) log.info(describeAccount(account));
  const published = created.courses.filter((c) => c.is_published).length;
  log.info(
    `Demo courses: ${published} published and ${created.courses.length - published} in preparation, with enrolments, progress and reviews for the demo students.`,
  );
  const posts = created.posts.filter((p) => p.status === 'published').length;
  log.info(`Demo blog: ${posts} published posts and ${created.posts.length - posts} draft.`);
  const important = created.news.filter((item) => item.is_important).length;
  log.info(`Demo news: ${created.news.length} published items, ${important} of them important.`);
  log.info(`Demo resources: ${created.resources.length} published (texts, a video and an audio).`);
  log.info(`Demo classes: ${DEMO_CLASSES.length} weekly classes, one of them full with two people waiting.`);
  log.info(
    `AI Sifu knowledge: ${created.knowledge} entries (glossary terms, training manual, classical passages).`,
  );
  return true;
}

function describeAccount(a: DemoAccount): string {
  const role = a.is_admin ? 'administrator' : 'student';
  return `Demo account: username "${a.username}", password "${a.password}" (${role}, ${a.name})`;
}

/**
 * The demo accounts anyone could sign in to: active, and still with the password the README
 * publishes. The start banner warns about each one, whatever SEED_DEMO says now.
 */
export async function openDemoAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, password_hash: users.password_hash })
    .from(users)
    .where(
      and(
        inArray(
          users.username,
          DEMO_ACCOUNTS.map((a) => a.username),
        ),
        eq(users.is_active, true),
      ),
    );
  const open: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.username === account.username);
    if (row && (await verifySecret(row.password_hash, account.password))) open.push(account.username);
  }
  return open;
}

import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { courses, knowledgeCourses, knowledgeEntries } from '../schema';
import { KNOWLEDGE_SEED } from './knowledge';
import { FIVE_ELEMENTS, CIRCLE_WALKING } from './course-content-arts';
import { PUSH_HANDS, ZHAN_ZHUANG } from './course-content';

/**
 * The knowledge each demo course relies on, by key prefix: its questions prefer these entries.
 * Safety (manual chapter 7) and etiquette (chapter 1) are left to match on their own words.
 */
const COURSE_KNOWLEDGE: ReadonlyArray<{ title: string; prefixes: readonly string[] }> = [
  {
    title: ZHAN_ZHUANG.title,
    prefixes: [
      'manual-2-',
      'manual-3-',
      'term-zhan-zhuang',
      'term-zhuang-gong',
      'term-wuji',
      'term-hun-yuan-zhuang',
      'term-dantian',
      'term-qi-chen-dantian',
      'term-song',
      'term-fu-shi-hu-xi',
      'term-ni-fu-shi-hu-xi',
    ],
  },
  {
    title: FIVE_ELEMENTS.title,
    prefixes: [
      'manual-4-',
      'term-xingyiquan',
      'term-santi-shi',
      'term-san-jian-xiang-zhao',
      'term-qi-zuan-luo-fan',
      'term-wu-xing-quan',
      'term-pi-quan',
      'term-zuan-quan',
      'term-beng-quan',
      'term-pao-quan',
      'term-heng-quan',
      'term-liu-he',
      'term-ji-tui',
      'term-long-shen',
      'term-xiong-bang',
      'term-hu-bao-tou',
      'classic-liu-he-',
      'classic-jiu-yao-lun-',
      'classic-guo-yunshen-',
    ],
  },
  {
    title: CIRCLE_WALKING.title,
    prefixes: [
      'manual-5-',
      'term-baguazhang',
      'term-zou-quan',
      'term-tang-ni-bu',
      'term-kou-bu',
      'term-bai-bu',
      'term-dan-huan-zhang',
      'term-shuang-huan-zhang',
      'term-ba-mu-zhang',
      'classic-bagua-',
    ],
  },
  {
    title: PUSH_HANDS.title,
    prefixes: [
      'manual-6-',
      'term-taijiquan',
      'term-tui-shou',
      'term-shisan-shi',
      'term-peng',
      'term-lu',
      'term-ji',
      'term-an',
      'term-cai',
      'term-lie',
      'term-zhou',
      'term-kao',
      'term-ting-jin',
      'term-hua-jin',
      'term-si-liang-bo-qian-jin',
      'classic-taijiquan-',
      'classic-shisan-shi-ge-',
      'classic-dashou-ge-',
    ],
  },
];

const matches = (key: string, prefix: string) =>
  prefix.endsWith('-') ? key.startsWith(prefix) : key === prefix;

/**
 * Writes the seed knowledge base (glossary, manual, classics), its related terms by id, and the
 * demo courses' links to the knowledge they rely on (courses that are not there are skipped).
 * Returns how many entries it wrote.
 */
export async function seedKnowledge(db: Db | Tx, now: Date): Promise<number> {
  const rows = await db
    .insert(knowledgeEntries)
    .values(
      KNOWLEDGE_SEED.map((entry) => ({
        key: entry.key,
        kind: entry.kind,
        title: entry.title,
        body: entry.body,
        hanzi: entry.hanzi ?? null,
        pinyin: entry.pinyin ?? null,
        source: entry.source ?? null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning({ id: knowledgeEntries.id, key: knowledgeEntries.key });
  const idOf = new Map(rows.map((row) => [row.key, row.id]));
  for (const entry of KNOWLEDGE_SEED) {
    if (!entry.related?.length) continue;
    await db
      .update(knowledgeEntries)
      .set({ related_ids: entry.related.map((key) => idOf.get(key)!) })
      .where(eq(knowledgeEntries.id, idOf.get(entry.key)!));
  }
  const demoCourses = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(
      inArray(
        courses.title,
        COURSE_KNOWLEDGE.map((c) => c.title),
      ),
    );
  const links = demoCourses.flatMap((course) => {
    const { prefixes } = COURSE_KNOWLEDGE.find((c) => c.title === course.title)!;
    return rows
      .filter((row) => prefixes.some((prefix) => matches(row.key, prefix)))
      .map((row) => ({ knowledge_id: row.id, course_id: course.id }));
  });
  if (links.length) await db.insert(knowledgeCourses).values(links);
  return rows.length;
}

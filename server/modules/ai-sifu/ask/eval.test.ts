import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../db/seed';
import { localStorage } from '../../../platform/storage';
import { openTestDatabase } from '../../../test/app';
import { EVAL_QUESTIONS } from '../../../../bench/ai-sifu-eval/questions';
import {
  formatReport,
  HIT_RATE_TARGET,
  runSifuEval,
  type EvalReport,
} from '../../../../bench/ai-sifu-eval/eval';

/* `npm run eval:sifu`'s targets, on the demo seed: CI fails when an answer quality target is missed. */

// The database alone, without the app: the evaluation calls retrieval and the provider directly.
let test: Awaited<ReturnType<typeof openTestDatabase>>;
let mediaDir: string;
let report: EvalReport;
beforeAll(async () => {
  test = await openTestDatabase();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-eval-media-'));
  await seedDemo(
    test.database.db,
    localStorage(mediaDir),
    { info: () => {} },
    new Date('2026-03-02T18:00:00Z'),
  );
  report = await runSifuEval(test.database.db);
}, 120_000);
afterAll(async () => {
  await test?.drop();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe("AI Sifu's evaluation", () => {
  it('asks at least 60 questions, on and off the subject', () => {
    expect(EVAL_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(report.results).toHaveLength(EVAL_QUESTIONS.length);
    expect(EVAL_QUESTIONS.filter((q) => q.offTopic).length).toBeGreaterThanOrEqual(5);
  });

  it('meets its targets', () => {
    expect(report.failures, formatReport(report)).toEqual([]);
    expect(report.hitRate).toBeGreaterThanOrEqual(HIT_RATE_TARGET);
    expect(report.missing).toBe(0);
    expect(report.honest).toBe(report.honestOf);
  });
});

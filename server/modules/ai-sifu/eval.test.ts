import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { EVAL_QUESTIONS } from './eval-questions';
import { formatReport, HIT_RATE_TARGET, runSifuEval, type EvalReport } from './eval';

/* `npm run eval:sifu`'s targets, on the demo seed: CI fails when an answer quality target is missed. */

let t: TestApp;
let report: EvalReport;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now());
  report = await runSifuEval(t.database.db);
}, 120_000);
afterAll(async () => t?.close());

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

/**
 * `npm run bench`: HTTP throughput and latency of the real app, as ratios to a bare Fastify server
 * measured in the same run on the same machine. Only 127.0.0.1; every load phase is bounded in time.
 */
import { measure, runScenarios, saveResults, signUp, withRealApp } from './lib';

async function scenarios(driver: string, databaseUrl?: string) {
  await withRealApp(databaseUrl, async (base) => {
    const { id, token } = await signUp(base);
    await measure('GET /api/health', driver, `${base}/api/health`);
    await measure('GET /api/user/{id}/profile (signed in)', driver, `${base}/api/user/${id}/profile`, {
      authorization: `Bearer ${token}`,
    });
  });
}

await runScenarios('Kwoon benchmark', scenarios);
await saveResults();

/**
 * The frame of a benchmark of a page's reads on a generated data set (`bench:messages`,
 * `bench:search`): the bare Fastify hello-world and primary-key SELECT at the same connections
 * for the ratios, then the target started on its own database, with its data set and query plans.
 */
import { withDefaultEngine, type Engine } from './engines';
import type { ExplainedQuery } from './explain';
import { logDataset, measureHello, measureSelect, withTarget, type Row, type Target } from './lib';

export interface DatasetReads {
  helloRow: Row;
  selectRate: number;
  dataset: unknown;
  plans: Record<string, ExplainedQuery[]>;
}

export async function measureDatasetReads(options: {
  /** The target's kind, and the name it is logged under. */
  kind: string;
  connections: number;
  /** The scenarios measured on the loaded target. */
  run: (app: Target, engine: Engine) => Promise<void>;
  /** More measured on the same engine after the target has stopped. */
  afterwards?: (engine: Engine) => Promise<void>;
}): Promise<DatasetReads> {
  const { kind, connections, run, afterwards } = options;
  const [helloRow] = await measureHello([connections]);
  const result: DatasetReads = { helloRow: helloRow!, selectRate: NaN, dataset: undefined, plans: {} };
  await withDefaultEngine(async (engine) => {
    await engine.withDatabase(async (url) => {
      result.selectRate = (await measureSelect(engine, url, [connections]))[0]!.requestsPerSecond;

      await withTarget(`${kind} (${engine.name})`, kind, url, async (app) => {
        app.databaseProcesses = engine.processes;
        result.dataset = app.dataset;
        result.plans[engine.name] = app.plans ?? [];
        logDataset(app.dataset);
        await run(app, engine);
      });
    });
    await afterwards?.(engine);
  });
  return result;
}

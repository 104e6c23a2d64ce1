import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const TOKEN = 'scrape-token-0123456789';

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is off', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t.close());

  const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('asks for the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('kwoon_http');
    }
  });

  it('counts requests by route pattern and status, with their latency, in Prometheus format', async () => {
    await t.app.inject({ url: '/api/courses' });
    await t.app.inject({ url: '/api/courses/00000000-0000-4000-8000-000000000000' });
    await t.app.inject({ url: '/api/courses/00000000-0000-4000-8000-000000000001' });
    await t.app.inject({ url: '/api/no-such-route/12345' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('kwoon_http_requests_total{method="GET",route="/api/courses",status="200"} 1');
    expect(text).toContain('kwoon_http_requests_total{method="GET",route="/api/courses/:id",status="404"} 2');
    expect(text).toContain('kwoon_http_requests_total{method="GET",route="(unmatched)",status="404"} 1');
    expect(text).toMatch(
      /kwoon_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/courses",status="200"\} 1/,
    );
    expect(text).not.toContain('00000000-0000');
    // The scrapes themselves are not counted.
    expect(text).not.toContain('route="/metrics"');
  });

  it('reports the event-loop lag and the process', async () => {
    const text = (await scrape()).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
  });

  it('reports the PostgreSQL pool when there is one', async () => {
    const text = (await scrape()).body;
    if (t.database.driver === 'postgres') {
      expect(text).toContain('kwoon_db_pool_connections{state="max"} 4');
      expect(text).toMatch(/^kwoon_db_pool_waiting_queries 0$/m);
    } else {
      expect(text).not.toContain('kwoon_db_pool');
    }
  });
});

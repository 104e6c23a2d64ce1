import { describe, expect, it } from 'vitest';
import { assertSafeToStart, configWarnings, loadConfig, postgresOptions, publicUrl } from './config';

describe('PUBLIC_URL', () => {
  it('is required in production once Stripe or SMTP sends people links', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe', ...stripe })).toThrow(
      /PUBLIC_URL: PUBLIC_URL is required in production when PAYMENTS_PROVIDER=stripe is set/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /PUBLIC_URL is required in production when SMTP_URL is set/,
    );
    const configured = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_URL: 'https://kwoon.example/',
    });
    expect(publicUrl(configured)).toBe('https://kwoon.example');
  });

  it('falls back to the listening address for the demo and in development', () => {
    expect(publicUrl(loadConfig({}))).toBe('http://localhost:3000');
    expect(
      publicUrl(loadConfig({ NODE_ENV: 'development', PORT: '3001', SMTP_URL: 'smtp://localhost:1025' })),
    ).toBe('http://localhost:3001');
    expect(publicUrl(loadConfig({ HOST: '127.0.0.1', PORT: '3100' }))).toBe('http://127.0.0.1:3100');
    expect(publicUrl(loadConfig({ HOST: '::1', PORT: '3100' }))).toBe('http://[::1]:3100');
  });
});

const POSTGRES = { DATABASE_URL: 'postgres://kwoon@db.example/kwoon' };

describe('defaults that fail safe', () => {
  it('serves the API documentation outside production only, unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(loadConfig({ API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).API_DOCS).toBe(false);
  });

  it('seeds the demo on the embedded database only, unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig(POSTGRES).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...POSTGRES, SEED_DEMO: '' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...POSTGRES, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('refuses the test checkout on PostgreSQL unless ALLOW_TEST_CHECKOUT=true', () => {
    expect(() => assertSafeToStart(loadConfig(POSTGRES))).toThrow(
      /Refusing to start: PAYMENTS_PROVIDER=local .* ALLOW_TEST_CHECKOUT=true/,
    );
    expect(() => assertSafeToStart(loadConfig({ ...POSTGRES, ALLOW_TEST_CHECKOUT: 'true' }))).not.toThrow();
    expect(() => assertSafeToStart(loadConfig({}))).not.toThrow();
    const stripe = {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      PUBLIC_URL: 'https://kwoon.example',
    };
    expect(() => assertSafeToStart(loadConfig({ ...POSTGRES, ...stripe }))).not.toThrow();
    expect(configWarnings(loadConfig({ ...POSTGRES, ...stripe }))).toEqual([]);
  });

  it('warns whenever the test checkout is on', () => {
    expect(configWarnings(loadConfig({}))).toEqual([expect.stringContaining('The test checkout is on')]);
  });
});

describe('PostgreSQL pool settings', () => {
  it('has defaults and takes DB_* values', () => {
    expect(postgresOptions(loadConfig({}))).toEqual({
      poolMax: 10,
      connectionTimeoutMs: 5_000,
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 60_000,
    });
    const config = loadConfig({
      DB_POOL_MAX: '25',
      DB_CONNECTION_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '15000',
    });
    expect(postgresOptions(config)).toEqual({
      poolMax: 25,
      connectionTimeoutMs: 2_000,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 15_000,
    });
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
  });

  it('takes a METRICS_TOKEN only when it is long enough not to be guessed', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).METRICS_TOKEN).toBe('a-long-enough-token');
  });
});

describe('MEDIA_STORAGE', () => {
  it('keeps media on local disk by default and asks for a bucket with s3', () => {
    expect(loadConfig({}).MEDIA_STORAGE).toBe('local');
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(
      /S3_BUCKET: S3_BUCKET is required when MEDIA_STORAGE=s3/,
    );
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ MEDIA_STORAGE: 'gcs' })).toThrow(/MEDIA_STORAGE/);
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
    const s3 = loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media' });
    expect(s3).toMatchObject({ S3_REGION: 'us-east-1', S3_BUCKET: 'media' });
    expect(s3.S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(loadConfig({ S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
  });
});

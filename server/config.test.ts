import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrl } from './config';

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

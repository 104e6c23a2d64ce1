import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { Config } from '../config';
import { createTestApp, type TestApp } from './app';

/*
 * A small stand-in for the parts of Stripe's API the payments provider uses, served over real
 * HTTP on 127.0.0.1 so the official SDK runs unchanged (STRIPE_API_URL points at it). It keeps
 * Checkout Sessions in memory and lets a test pay, expire or break them.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_kwoon';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_kwoon_endpoint_secret';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form-encoded body as Stripe's bracket keys, e.g. `line_items[0][price_data][unit_amount]`. */
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

const SESSIONS_PATH = '/v1/checkout/sessions';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake', ...headers });
  response.end(JSON.stringify(body));
}

const stripeError = (type: string, message: string, code?: string) => ({
  error: { type, message, ...(code ? { code } : {}) },
});

const noSuchSession = (id: string) =>
  stripeError('invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing');

export async function startFakeStripe() {
  const sessions = new Map<string, FakeCheckoutSession>();
  const byIdempotencyKey = new Map<string, FakeCheckoutSession>();
  const requests: RecordedRequest[] = [];
  let failures: { remaining: number; retryable: boolean } = { remaining: 0, retryable: false };
  let baseUrl = '';

  function createSession(params: Record<string, string>): FakeCheckoutSession {
    const id = `cs_test_${randomBytes(18).toString('base64url')}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(params)) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    const now = Math.floor(Date.now() / 1000);
    const quantity = Number(params['line_items[0][quantity]'] ?? '1');
    return {
      id,
      object: 'checkout.session',
      mode: params.mode ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(params['line_items[0][price_data][unit_amount]']) * quantity,
      currency: params['line_items[0][price_data][currency]'] ?? 'usd',
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      metadata,
      success_url: params.success_url ?? '',
      cancel_url: params.cancel_url ?? '',
      url: `${baseUrl}/pay/${id}`,
      created: now,
      expires_at: now + 24 * 3600,
      livemode: false,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', baseUrl);
    const raw = await readBody(request);
    const params = Object.fromEntries(new URLSearchParams(raw));
    const idempotencyKey = request.headers['idempotency-key'];
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      params,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    });
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      return send(response, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
    }

    if (request.method === 'POST' && url.pathname === SESSIONS_PATH) {
      if (failures.remaining > 0) {
        failures.remaining--;
        const retry = { 'stripe-should-retry': failures.retryable ? 'true' : 'false' };
        return send(response, 500, stripeError('api_error', 'Something went wrong on our end'), retry);
      }
      const key = typeof idempotencyKey === 'string' ? idempotencyKey : undefined;
      const replay = key ? byIdempotencyKey.get(key) : undefined;
      if (replay) return send(response, 200, replay);
      const session = createSession(params);
      sessions.set(session.id, session);
      if (key) byIdempotencyKey.set(key, session);
      return send(response, 200, session);
    }

    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (request.method === 'POST' && expire) {
      const found = sessions.get(decodeURIComponent(expire[1]!));
      if (!found) return send(response, 404, noSuchSession(expire[1]!));
      if (found.status !== 'open') {
        return send(
          response,
          400,
          stripeError(
            'invalid_request_error',
            'Only Checkout Sessions with a status in ["open"] can be expired.',
          ),
        );
      }
      Object.assign(found, { status: 'expired', url: null });
      return send(response, 200, found);
    }

    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) return send(response, 404, noSuchSession(match[1]!));
      return send(response, 200, session);
    }
    return send(response, 404, stripeError('invalid_request_error', `Unrecognized request URL`));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, stripeError('api_error', String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function session(id: string): FakeCheckoutSession {
    const found = sessions.get(id);
    if (!found) throw new Error(`fake Stripe has no session ${id}`);
    return found;
  }

  return {
    url: baseUrl,
    requests,
    sessions,
    session,
    /** The buyer paid: complete and paid, as after a card payment. */
    markPaid(id: string) {
      Object.assign(session(id), { status: 'complete', payment_status: 'paid', url: null });
    },
    /** The buyer finished with a payment method that settles later (e.g. a bank debit). */
    markAwaitingPayment(id: string) {
      Object.assign(session(id), { status: 'complete', payment_status: 'unpaid', url: null });
    },
    markExpired(id: string) {
      Object.assign(session(id), { status: 'expired', url: null });
    },
    /** The next `count` session creations answer 500; retryable lets the SDK try again. */
    failNextCreates(count = 1, options: { retryable?: boolean } = {}) {
      failures = { remaining: count, retryable: options.retryable ?? false };
    },
    /** A real-shaped Stripe event (e.g. checkout.session.completed) for the session as it is now. */
    event: (type: string, sessionId: string) => stripeEvent(type, session(sessionId)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The JSON of a Stripe event of this type about this object. */
export function stripeEvent(type: string, object: object): string {
  return JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** The Stripe-Signature header Stripe would send for this payload. */
export const signPayload = (payload: string, secret = FAKE_STRIPE_WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

/** Configuration that points the app's Stripe provider at this fake. */
const fakeStripeConfig = (stripe: FakeStripe) => ({
  PAYMENTS_PROVIDER: 'stripe' as const,
  STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
});

export interface StripeTestApp extends TestApp {
  stripe: FakeStripe;
}

/** The test app with Stripe as its payments provider, talking to a fake of its own; close() stops both. */
export async function createStripeTestApp(overrides: Partial<Config> = {}): Promise<StripeTestApp> {
  const stripe = await startFakeStripe();
  let t: TestApp;
  try {
    t = await createTestApp({ ...fakeStripeConfig(stripe), ...overrides });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  return {
    ...t,
    stripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

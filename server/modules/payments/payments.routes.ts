import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateCheckoutInput,
  CreateCheckoutResponse,
  LocalCheckoutInput,
  LocalCheckoutParams,
  LocalCheckoutResult,
  LocalCheckoutSession,
  OrderListQuery,
  OrderListResponse,
  SubscriptionResponse,
  UserIdParams,
  VerifyPaymentInput,
  VerifyPaymentResponse,
} from '../../../common/payments';
import { requireAuth } from '../../platform/auth';
import { bearerSecurity, errorResponses } from '../../platform/errors';
import type { PaymentsService } from './payments.service';

const tags = ['payments'];

/** Checkouts one buyer may start in a minute; a real buyer needs a handful at most. */
export const CHECKOUT_RATE_LIMIT_PER_MINUTE = 20;

/** Stripe's events are a few kilobytes; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The webhook's answer. Only Stripe calls that route, so the schema lives here rather than in
 * common/, which holds what the web app shares.
 */
const WebhookReceived = z.object({ received: z.literal(true) });

export function paymentsRoutes(services: { payments: PaymentsService }): FastifyPluginAsyncZod {
  const { payments } = services;

  return async (app) => {
    app.post(
      '/stripe/create-checkout',
      {
        config: {
          access: 'user',
          rateLimit: {
            max: CHECKOUT_RATE_LIMIT_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request) => request.auth?.user.id ?? request.ip,
          },
        },
        schema: {
          tags,
          summary:
            'Start paying for a course: creates a pending order at the course price and returns the ' +
            'checkout page to send the buyer to (course_price and return addresses sent are ignored)',
          security: bearerSecurity,
          body: CreateCheckoutInput,
          response: { 200: CreateCheckoutResponse, ...errorResponses(400, 401, 404, 409, 429, 503) },
        },
      },
      async (request) => payments.createCheckout(requireAuth(request), request.body),
    );

    app.post(
      '/stripe/verify-payment',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "Check a checkout session's result with the provider; once paid, the buyer is enrolled " +
            '(success true)',
          security: bearerSecurity,
          body: VerifyPaymentInput,
          response: { 200: VerifyPaymentResponse, ...errorResponses(400, 401, 404, 503) },
        },
      },
      async (request) => payments.verify(requireAuth(request), request.body),
    );

    app.get(
      '/stripe/orders/:userId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A user's orders, newest first (self or admin)",
          security: bearerSecurity,
          params: UserIdParams,
          querystring: OrderListQuery,
          response: { 200: OrderListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => payments.orders(requireAuth(request), request.params.userId, request.query),
    );

    app.get(
      '/stripe/subscription/:userId',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "A user's AI Sifu subscription, active or not, or null when there is none (self or admin)",
          security: bearerSecurity,
          params: UserIdParams,
          response: { 200: SubscriptionResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => payments.subscription(requireAuth(request), request.params.userId),
    );

    app.get(
      '/payment/local-checkout/:sessionId',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'A session of the built-in test checkout (PAYMENTS_PROVIDER=local only)',
          params: LocalCheckoutParams,
          response: { 200: LocalCheckoutSession, ...errorResponses(400, 404) },
        },
      },
      async (request) => payments.localSession(request.params.sessionId),
    );

    app.post(
      '/payment/local-checkout/:sessionId',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Pay, cancel or refuse the card in the built-in test checkout; answers where the browser ' +
            'goes next (409 once the session is closed)',
          params: LocalCheckoutParams,
          body: LocalCheckoutInput,
          response: { 200: LocalCheckoutResult, ...errorResponses(400, 404, 409) },
        },
      },
      async (request) => payments.localComplete(request.params.sessionId, request.body),
    );

    // Its own context: only this route reads the body as raw bytes, which the signature covers.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      const keepBytes = (_request: FastifyRequest, body: Buffer, done: (e: null, b: Buffer) => void) =>
        done(null, body);
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, keepBytes);
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, keepBytes);

      raw.post(
        '/stripe/webhook',
        {
          config: { access: 'public' },
          bodyLimit: WEBHOOK_BODY_LIMIT,
          schema: {
            tags,
            summary:
              "Stripe's events for checkout sessions (completed, async payment succeeded or failed, " +
              'expired), signed in the Stripe-Signature header; other events are acknowledged',
            response: { 200: WebhookReceived, ...errorResponses(400, 413) },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          await payments.webhook(body, typeof signature === 'string' ? signature : undefined);
          return { received: true as const };
        },
      );
    });
  };
}

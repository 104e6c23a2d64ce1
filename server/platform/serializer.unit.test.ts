import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, responseJsonSchema } from './serializer';

const Card = z.object({
  id: z.uuid(),
  title: z.string(),
  level: z.enum(['beginner', 'advanced']),
  price_cents: z.number().int(),
  rating: z.number().nullable(),
  tags: z.array(z.string()),
  created_at: z.iso.datetime(),
});

async function serve(verify: boolean, body: unknown, schema: z.ZodType = Card) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify }));
  app.get('/card', { schema: { response: { 200: schema } } }, async () => body);
  try {
    return await app.inject({ method: 'GET', url: '/card' });
  } finally {
    await app.close();
  }
}

const card = {
  id: '0b7a6f1e-8d7c-4c36-9a57-1f0f3c1b2a11',
  title: 'Santi Shi',
  level: 'beginner',
  price_cents: 4900,
  rating: null,
  tags: ['stance', 'xingyi'],
  created_at: '2026-11-24T10:00:00.000Z',
};

describe('the compiled response serializer', () => {
  it('writes what zod would, and nothing the schema does not name', async () => {
    for (const verify of [true, false]) {
      const response = await serve(verify, { ...card, password_hash: 'secret' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(card);
      expect(response.body).not.toContain('secret');
    }
  });

  it('refuses an answer that breaks the schema while verifying, as zod does', async () => {
    const response = await serve(true, { ...card, level: 'master' });
    expect(response.statusCode).toBe(500);
  });

  it('leaves a schema JSON Schema cannot state to zod', async () => {
    const WithDate = z.object({ at: z.date() });
    expect(responseJsonSchema(WithDate)).toBeNull();
    expect(responseJsonSchema(Card)).not.toBeNull();
    const response = await serve(false, { at: new Date('2026-11-24T10:00:00Z') }, WithDate);
    expect(response.json()).toEqual({ at: '2026-11-24T10:00:00.000Z' });
  });
});

import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The JSON Schema of a response as it is sent, for fast-json-stringify; null when the zod schema
 * has a part JSON Schema cannot state (a transform, a custom check), so that route keeps zod.
 */
export function responseJsonSchema(schema: z.ZodType): object | null {
  try {
    return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return null;
  }
}

export interface SerializerOptions {
  /**
   * Also run the zod serializer and refuse an answer where the two differ: every API test then
   * checks that the compiled serializer says exactly what the schema says.
   */
  verify: boolean;
}

/**
 * Responses are serialised by a serializer compiled from the route's zod schema (through its
 * JSON Schema), which keeps zod the one source of OpenAPI, validation and types while an answer
 * costs a fraction of zod's encode + JSON.stringify. Like zod, it writes only the properties the
 * schema names, so nothing a repo returns beyond them leaves the server.
 */
export function createSerializerCompiler({
  verify,
}: SerializerOptions): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route);
    const jsonSchema = responseJsonSchema(route.schema);
    if (!jsonSchema) return viaZod;
    const compiled = fastJson(jsonSchema) as (data: unknown) => string;
    if (!verify) return compiled;
    return (data: unknown) => {
      const expected = viaZod(data);
      const sent = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(sent), JSON.parse(expected))) {
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} (${String(route.httpStatus)}) differs from zod's:\n` +
            `compiled: ${sent.slice(0, 500)}\nzod:      ${expected.slice(0, 500)}`,
        );
      }
      return sent;
    };
  };
}

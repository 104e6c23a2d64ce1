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

/**
 * Compiled serializers by schema: a schema is compiled once per process however many apps are
 * built (every app of the tests, each instance's routes), since compiling is the costly part.
 */
const compiledBySchema = new WeakMap<z.ZodType, ((data: unknown) => string) | null>();
function compiledFor(schema: z.ZodType): ((data: unknown) => string) | null {
  let compiled = compiledBySchema.get(schema);
  if (compiled === undefined) {
    const jsonSchema = responseJsonSchema(schema);
    compiled = jsonSchema ? (fastJson(jsonSchema) as (data: unknown) => string) : null;
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

export interface SerializerOptions {
  /**
   * Also run the zod serializer and refuse an answer where the two differ: every API test then
   * checks that the compiled serializer says exactly what the schema says.
   */
  verify: boolean;
}

/** What a serializer is compiled for: a route's answer, or a part of one (`httpStatus` left out). */
interface SerializedAnswer {
  schema: z.ZodType;
  method: string;
  url: string;
  httpStatus?: string | number;
}

/**
 * A serializer compiled from a zod schema (through its JSON Schema), falling back to zod's own when
 * the schema cannot be compiled. With `verify`, zod's answer is also made and an answer where the
 * two differ is refused, so every API test checks that the compiled serializer says exactly what
 * the schema says.
 */
export function compileSerializer(
  answer: SerializedAnswer,
  { verify }: SerializerOptions,
): (data: unknown) => string {
  const viaZod = zodSerializerCompiler(answer as Parameters<typeof zodSerializerCompiler>[0]);
  const compiled = compiledFor(answer.schema);
  if (!compiled) return viaZod;
  if (!verify) return compiled;
  return (data: unknown) => {
    const expected = viaZod(data);
    const sent = compiled(data);
    if (!isDeepStrictEqual(JSON.parse(sent), JSON.parse(expected))) {
      throw new Error(
        `The compiled serializer of ${answer.method} ${answer.url} (${String(answer.httpStatus ?? 'part')}) differs from zod's:\n` +
          `compiled: ${sent.slice(0, 500)}\nzod:      ${expected.slice(0, 500)}`,
      );
    }
    return sent;
  };
}

/**
 * Responses are serialised by a serializer compiled from the route's zod schema (through its
 * JSON Schema), which keeps zod the one source of OpenAPI, validation and types while an answer
 * costs a fraction of zod's encode + JSON.stringify. Like zod, it writes only the properties the
 * schema names, so nothing a repo returns beyond them leaves the server.
 */
export function createSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<z.ZodType> {
  return (route) => compileSerializer(route, options);
}

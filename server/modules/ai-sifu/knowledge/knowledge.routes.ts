import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../../common/api';
import {
  GlossaryResponse,
  KNOWLEDGE_DELETED,
  KNOWLEDGE_IMPORT_MAX,
  KnowledgeExport,
  KnowledgeExportResponse,
  KnowledgeImportResponse,
  KnowledgeInput,
  KnowledgeListQuery,
  KnowledgeListResponse,
  KnowledgeResponse,
  PublicKnowledgeResponse,
} from '../../../../common/ai-sifu';
import { bearerSecurity, errorResponses } from '../../../platform/errors';
import type { KnowledgeService } from './knowledge.service';

const tags = ['ai-sifu'];
const adminTags = [...tags, 'admin'];
/** An import may carry the whole base: more than the API's usual megabyte. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * The knowledge base AI Sifu answers from: administrators manage it; any signed-in member opens an
 * entry an answer cites and reads the glossary. A new or changed entry is searchable by the next
 * question; the answers cached from a changed entry are forgotten by the database.
 */
export function knowledgeRoutes(services: { knowledge: KnowledgeService }): FastifyPluginAsyncZod {
  const { knowledge } = services;
  return async (app) => {
    app.get(
      '/admin/ai-sifu/knowledge',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Knowledge entries of a kind (or all), by title, with how many of each kind match',
          description:
            '`q` finds words of the title or text, hanzi, and pinyin with or without tone marks (run together too), ' +
            'and titles containing it; matches come best first. `counts` and `total` count what matches `q`.',
          security: bearerSecurity,
          querystring: KnowledgeListQuery,
          response: { 200: KnowledgeListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => knowledge.list(request.query),
    );

    app.post(
      '/admin/ai-sifu/knowledge',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Add a knowledge entry',
          description: '`course_ids` must name existing courses and `related_ids` existing entries.',
          security: bearerSecurity,
          body: KnowledgeInput,
          response: { 201: KnowledgeResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const entry = await knowledge.create(request.body);
        return reply
          .status(201)
          .header('location', `/api/admin/ai-sifu/knowledge/${entry.id}`)
          .send({ entry });
      },
    );

    app.get(
      '/admin/ai-sifu/knowledge/export',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'The whole knowledge base as a JSON download',
          description:
            'Related entries travel by key (a relation to an entry without a key is left out), courses by id.',
          security: bearerSecurity,
          response: { 200: KnowledgeExportResponse, ...errorResponses(401, 403) },
        },
      },
      async (_request, reply) => {
        const { filename, data } = await knowledge.exportAll();
        return reply.header('content-disposition', `attachment; filename="${filename}"`).send(data);
      },
    );

    app.post(
      '/admin/ai-sifu/knowledge/import',
      {
        config: { access: 'admin' },
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags: adminTags,
          summary: 'Import knowledge entries, all or none',
          description:
            `At most ${KNOWLEDGE_IMPORT_MAX} entries (10 MB). An entry with a key replaces the entry of that key ` +
            '(or is added), one without is added. `related_keys` may name imported or existing entries; an ' +
            'unknown key or course id refuses the import and nothing changes.',
          security: bearerSecurity,
          body: KnowledgeExport,
          response: { 200: KnowledgeImportResponse, ...errorResponses(400, 401, 403, 413) },
        },
      },
      async (request) => knowledge.importAll(request.body),
    );

    app.get(
      '/admin/ai-sifu/knowledge/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'One knowledge entry',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: KnowledgeResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ entry: await knowledge.read(request.params.id) }),
    );

    app.put(
      '/admin/ai-sifu/knowledge/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Save a whole knowledge entry; its key stays',
          description: '`course_ids` must name existing courses and `related_ids` other existing entries.',
          security: bearerSecurity,
          params: IdParams,
          body: KnowledgeInput,
          response: { 200: KnowledgeResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ entry: await knowledge.update(request.params.id, request.body) }),
    );

    app.delete(
      '/admin/ai-sifu/knowledge/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Delete a knowledge entry; other entries no longer name it as related',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await knowledge.remove(request.params.id);
        return { success: true as const, message: KNOWLEDGE_DELETED };
      },
    );

    app.get(
      '/ai-sifu/knowledge/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'A knowledge entry as a source chip opens it',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: PublicKnowledgeResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({ entry: await knowledge.readPublic(request.params.id) }),
    );

    app.get(
      '/ai-sifu/glossary',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Every glossary term with its hanzi, pinyin and first sentence, by title',
          security: bearerSecurity,
          response: { 200: GlossaryResponse, ...errorResponses(401) },
        },
      },
      async () => ({ terms: await knowledge.glossary() }),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../common/api';
import {
  AdminConversationListQuery,
  AdminConversationListResponse,
  ConversationListQuery,
  ConversationListResponse,
  ConversationResponse,
  CreateConversationInput,
  CreateConversationResponse,
  DELETE_FOR_EVERYONE_MINUTES,
  DeletedMessagesQuery,
  DeletedMessagesResponse,
  MarkReadResponse,
  MessageListQuery,
  MessageListResponse,
  MessageResponse,
  MessageSearchQuery,
  MessagesInContextResponse,
  MessageStatsResponse,
  RecentMessagesQuery,
  SendMessageInput,
  UnreadCountResponse,
} from '../../../common/messages';
import { requireAuth } from '../../platform/auth';
import { errorResponses } from '../../platform/errors';
import { perUserRateLimit } from '../../platform/rate-limit';
import type { MessagesService } from './messages.service';

const tags = ['messages'];
const adminTags = [...tags, 'admin'];

/** A fast typist in a lively chat stays well inside it; a script flooding someone's inbox does not. */
export const MESSAGE_SEND_RATE_LIMIT = { max: 30, windowMinutes: 1 } as const;
/** Starting conversations: enough to write to a whole class, too few to probe everyone's settings. */
export const CONVERSATION_CREATE_RATE_LIMIT = { max: 30, windowMinutes: 10 } as const;

const perWindow = (rule: { max: number; windowMinutes: number }) =>
  `${rule.max} per ${rule.windowMinutes === 1 ? 'minute' : `${rule.windowMinutes} minutes`} per member`;

export function messagesRoutes(services: { messages: MessagesService }): FastifyPluginAsyncZod {
  const { messages } = services;
  return async (app) => {
    /* A person's lists (self, or anyone for an administrator) -------------------------------- */

    app.get(
      '/users/:id/conversations',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "A person's conversations, newest activity first; q matches the other side's name (self or admin)",
          params: IdParams,
          querystring: ConversationListQuery,
          response: { 200: ConversationListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => messages.listConversations(requireAuth(request), request.params.id, request.query),
    );

    app.get(
      '/users/:id/messages/deleted',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Messages the person deleted for themselves, newest deletion first (self or admin)',
          params: IdParams,
          querystring: DeletedMessagesQuery,
          response: { 200: DeletedMessagesResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => messages.deleted(requireAuth(request), request.params.id, request.query.limit),
    );

    app.get(
      '/users/:id/messages/unread-count',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "How many messages the person has not read (an administrator's include members' support messages)",
          params: IdParams,
          response: { 200: UnreadCountResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => messages.unreadCount(requireAuth(request), request.params.id),
    );

    app.get(
      '/users/:id/messages/recent',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "The person's newest messages, sent or received (self or admin)",
          params: IdParams,
          querystring: RecentMessagesQuery,
          response: { 200: MessagesInContextResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => messages.recent(requireAuth(request), request.params.id, request.query.limit),
    );

    app.get(
      '/users/:id/messages/search',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "Full-text search over the person's messages, newest first (self or admin)",
          params: IdParams,
          querystring: MessageSearchQuery,
          response: { 200: MessagesInContextResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        messages.recent(requireAuth(request), request.params.id, request.query.limit, request.query.q),
    );

    /* Conversations ---------------------------------------------------------------------------- */

    app.post(
      '/conversations',
      {
        config: {
          keepsReadCaches: true,
          access: 'user',
          rateLimit: perUserRateLimit(CONVERSATION_CREATE_RATE_LIMIT),
        },
        schema: {
          tags,
          summary:
            'Start a direct conversation you are part of (201), or get the existing one of the pair (200); ' +
            perWindow(CONVERSATION_CREATE_RATE_LIMIT),
          body: CreateConversationInput,
          response: {
            200: CreateConversationResponse,
            201: CreateConversationResponse,
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const { created, body } = await messages.createConversation(requireAuth(request), request.body);
        return reply.status(created ? 201 : 200).send(body);
      },
    );

    app.get(
      '/conversations/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'One of your conversations',
          params: IdParams,
          response: { 200: ConversationResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => messages.getConversation(requireAuth(request), request.params.id),
    );

    app.get(
      '/conversations/:id/messages',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            'A page of the conversation: offset counts back from the newest, the page is oldest first; ' +
            'messages deleted for everyone are kept with empty text',
          params: IdParams,
          querystring: MessageListQuery,
          response: { 200: MessageListResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => messages.listMessages(requireAuth(request), request.params.id, request.query),
    );

    app.put(
      '/conversations/:id/read',
      {
        config: { access: 'user', keepsReadCaches: true },
        schema: {
          tags,
          summary: 'Mark every message to you in the conversation as read',
          params: IdParams,
          response: { 200: MarkReadResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => messages.markConversationRead(requireAuth(request), request.params.id),
    );

    app.delete(
      '/conversations/:id/delete-for-me',
      {
        config: { access: 'user', keepsReadCaches: true },
        schema: {
          tags,
          summary: 'Hide the conversation and its messages so far for yourself; a new message brings it back',
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await messages.hideConversation(requireAuth(request), request.params.id);
        return { success: true as const };
      },
    );

    app.delete(
      '/conversations/:id',
      {
        config: { access: 'admin', keepsReadCaches: true },
        schema: {
          tags: adminTags,
          summary: 'Delete the whole conversation permanently, for everyone',
          params: IdParams,
          response: { 200: OkResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await messages.deleteConversation(request.params.id);
        return { success: true as const };
      },
    );

    /* Messages --------------------------------------------------------------------------------- */

    app.post(
      '/messages',
      {
        config: {
          keepsReadCaches: true,
          access: 'user',
          rateLimit: perUserRateLimit(MESSAGE_SEND_RATE_LIMIT),
        },
        schema: {
          tags,
          summary:
            'Send a message to a person (into your conversation with them, started when missing) or into ' +
            `one of your conversations; ${perWindow(MESSAGE_SEND_RATE_LIMIT)}`,
          body: SendMessageInput,
          response: { 201: MessageResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await messages.send(requireAuth(request), request.body)),
    );

    app.put(
      '/messages/:id/read',
      {
        config: { access: 'user', keepsReadCaches: true },
        schema: {
          tags,
          summary: "Mark a message to you as read (a member's support message: any administrator)",
          params: IdParams,
          response: { 200: MarkReadResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => messages.markMessageRead(requireAuth(request), request.params.id),
    );

    app.delete(
      '/messages/:id',
      {
        config: { access: 'user', keepsReadCaches: true },
        schema: {
          tags,
          summary: `Delete a message for everyone: its sender within ${DELETE_FOR_EVERYONE_MINUTES} minutes, an administrator always`,
          params: IdParams,
          response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => messages.deleteForEveryone(requireAuth(request), request.params.id),
    );

    app.delete(
      '/messages/:id/delete-for-me',
      {
        config: { access: 'user', keepsReadCaches: true },
        schema: {
          tags,
          summary: 'Hide a message for yourself; it is listed among your deleted messages until restored',
          params: IdParams,
          response: { 200: MessageResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => messages.deleteForMe(requireAuth(request), request.params.id),
    );

    app.post(
      '/messages/:id/restore',
      {
        config: { access: 'user', keepsReadCaches: true },
        schema: {
          tags,
          summary: 'Show again a message you deleted for yourself',
          params: IdParams,
          response: { 200: MessageResponse, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => messages.restore(requireAuth(request), request.params.id),
    );

    /* Administrators --------------------------------------------------------------------------- */

    app.get(
      '/admin/conversations',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Every conversation, newest activity first',
          querystring: AdminConversationListQuery,
          response: { 200: AdminConversationListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => messages.adminConversations(request.query),
    );

    app.get(
      '/admin/messages/stats',
      {
        config: { access: 'admin' },
        schema: {
          tags: adminTags,
          summary: 'Counts of messages, conversations, recent activity and unread support messages',
          response: { 200: MessageStatsResponse, ...errorResponses(401, 403) },
        },
      },
      async () => messages.stats(),
    );
  };
}

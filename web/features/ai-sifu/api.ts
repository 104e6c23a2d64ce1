import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '../../../common/api';
import {
  AskResponse,
  NoteResponse,
  type AiAnswer,
  type AskInput,
  type NoteInput,
} from '../../../common/ai-sifu';
import { ApiRequestError, apiRequest, streamRequest } from '../../lib/api-client';
import { sifuQueries } from './queries';
import { createSseParser, type SseEvent } from '../../../common/sse';

const enc = encodeURIComponent;

export const useSifuUsage = (userId: string) => useQuery(sifuQueries.usage(userId));

export const useKnowledgeEntry = (entryId: string | null) =>
  useQuery({ ...sifuQueries.knowledge(entryId ?? ''), enabled: entryId !== null });

export const useConversationStats = (userId: string) => useQuery(sifuQueries.stats(userId));

export const useConversationHistory = (userId: string, page: number, enabled: boolean) =>
  useQuery({ ...sifuQueries.history(userId, page), enabled, placeholderData: keepPreviousData });

export const useConversationSearch = (userId: string, q: string) =>
  useQuery({ ...sifuQueries.search(userId, q), enabled: q !== '' });

export const useCourseConversations = (userId: string, courseId: string | null, limit: number) =>
  useQuery({
    ...sifuQueries.course(userId, courseId ?? '', limit),
    enabled: courseId !== null,
    placeholderData: keepPreviousData,
  });

function useSifuMutation<Variables, Result>(request: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sifuQueries.all }),
  });
}

export const useCreateNote = () =>
  useSifuMutation((input: NoteInput) =>
    apiRequest('/student-notes', { method: 'POST', body: input, schema: NoteResponse }),
  );

export const useUpdateNote = () =>
  useSifuMutation(({ noteId, noteText }: { noteId: string; noteText: string }) =>
    apiRequest(`/student-notes/${enc(noteId)}`, {
      method: 'PUT',
      body: { note_text: noteText },
      schema: NoteResponse,
    }),
  );

export const useDeleteNote = () =>
  useSifuMutation((noteId: string) =>
    apiRequest(`/student-notes/${enc(noteId)}`, { method: 'DELETE', schema: OkResponse }),
  );

export const useDeleteConversation = () =>
  useSifuMutation((conversationId: string) =>
    apiRequest(`/ai-conversations/${enc(conversationId)}`, { method: 'DELETE', schema: OkResponse }),
  );

/** Refreshes the usage and history after an answer (or a refusal) has counted against the allowance. */
export function useRefreshSifu() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sifuQueries.all });
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const BAD_ANSWER = () => new ApiRequestError('Unexpected response from the server', 0, 'BAD_RESPONSE');

/**
 * Asks a question and reports the answer's text as the server writes it (`onDelta` with each
 * piece). The server streams Server-Sent Events when it can; a plain JSON answer (a proxy that
 * does not stream, an older server) is read as such. A failure throws an `ApiRequestError` whose
 * `body` holds the error's fields, the usage limit's included, whether it came as a status or as
 * an `error` event.
 */
export async function askSifu(
  input: AskInput,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<AiAnswer> {
  const parser = createSseParser();
  let raw = '';
  let streamed = false;
  let answer: AiAnswer | null = null;

  const handle = (event: SseEvent) => {
    streamed = true;
    const data = readJson(event.data);
    if (event.event === 'delta') {
      const text = (data as { text?: unknown } | undefined)?.text;
      if (typeof text === 'string') onDelta(text);
    } else if (event.event === 'answer') {
      const parsed = AskResponse.safeParse(data);
      if (!parsed.success) throw BAD_ANSWER();
      answer = parsed.data.data;
    } else if (event.event === 'error') {
      const body = data as { error?: unknown; code?: unknown; reason?: unknown } | undefined;
      // A stream carries no status; the limit's reason says it is the 403 it stands for.
      const status = body?.reason ? 403 : 0;
      throw new ApiRequestError(
        typeof body?.error === 'string' ? body.error : 'AI Sifu could not answer',
        status,
        typeof body?.code === 'string' ? body.code : 'STREAM_ERROR',
        undefined,
        data ?? {},
      );
    }
  };

  for await (const chunk of streamRequest('/ai-sifu/ask', {
    method: 'POST',
    body: input,
    accept: 'text/event-stream',
    signal,
  })) {
    if (!streamed) raw += chunk;
    for (const event of parser.push(chunk)) handle(event);
  }
  for (const event of parser.end()) handle(event);
  if (answer) return answer;
  if (!streamed) {
    const parsed = AskResponse.safeParse(readJson(raw));
    if (parsed.success) return parsed.data.data;
  }
  throw BAD_ANSWER();
}

import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { SIFU_NOT_FOUND_ANSWER } from '../../../../common/ai-sifu';
import type { Config } from '../../../config';
import { createCitationFilter } from './citations';
import { buildPrompt, PROMPT_SOURCE_TEXT_MAX, type Prompt } from './openai-prompt';
import { ProviderError, type AiProvider, type ProviderAnswer, type ProviderRequest } from './provider';
import { createSseParser } from '../../../../common/sse';

export type OpenAiConfig = Pick<
  Config,
  | 'AI_BASE_URL'
  | 'AI_API_KEY'
  | 'AI_MODEL'
  | 'AI_PRICE_INPUT_PER_MTOK'
  | 'AI_PRICE_OUTPUT_PER_MTOK'
  | 'AI_TIMEOUT_MS'
  | 'AI_RETRIES'
>;

export interface OpenAiProviderOptions {
  /** Where retries are logged: the status or connection error only, never the key, the prompt or the API's error text. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** The pause before the first retry; it doubles with each further one. */
  retryDelayMs?: number;
  /** The longest Retry-After waited for; an API that asks for longer fails the answer at once. */
  maxRetryAfterMs?: number;
  /** Characters of each entry's text in the prompt. */
  sourceTextMax?: number;
}

const Usage = z
  .object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() })
  .nullish();
const StreamChunk = z.object({
  choices: z
    .array(
      z.object({
        index: z.number().optional(),
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: Usage,
  error: z.unknown().optional(),
});
const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
  usage: Usage,
});
const ErrorBody = z.object({
  error: z.object({ code: z.unknown().optional(), type: z.unknown().optional() }).optional(),
});

/** Worth another attempt: nothing of the answer arrived (connection refused or reset, 429, 5xx). */
class Retryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** A connection error's code (ECONNREFUSED, UND_ERR_SOCKET, …) or message, for the log. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === 'string' ? cause.code : error.message;
}

/** Retry-After (seconds or an HTTP date) or OpenAI's retry-after-ms, in milliseconds. */
function retryAfter(headers: Headers): number | undefined {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The API's error code or type (never its message, which may quote part of the key). */
async function errorCode(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return '';
  }
  const error = ErrorBody.safeParse(parsed).data?.error;
  const code = [error?.code, error?.type].find((value) => typeof value === 'string' && value.length <= 80);
  return typeof code === 'string' ? ` (${code})` : '';
}

/** About four characters a token: what an API that reports no usage is counted at. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * AI Sifu's answers written by a model behind any OpenAI-compatible chat completions API
 * (OpenAI, Ollama, vLLM, llama.cpp's server), given the retrieved entries as numbered sources and
 * told to cite them. Answers stream; an API that ignores `stream` and answers JSON works too.
 */
export function createOpenAiProvider(config: OpenAiConfig, options: OpenAiProviderOptions = {}): AiProvider {
  const { AI_BASE_URL: baseUrl, AI_MODEL: model, AI_API_KEY: apiKey } = config;
  if (!baseUrl || !model) throw new Error('AI_BASE_URL and AI_MODEL are required when AI_PROVIDER=openai');
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  };
  const retryDelayMs = options.retryDelayMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 5_000;
  const sourceTextMax = options.sourceTextMax ?? PROMPT_SOURCE_TEXT_MAX;

  /** One request; the answer, or Retryable when nothing of it arrived, or ProviderError. */
  async function attempt(
    prompt: Prompt,
    request: ProviderRequest,
    signal: AbortSignal,
  ): Promise<ProviderAnswer> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model,
          messages: prompt.messages,
          stream: true,
          stream_options: { include_usage: true },
        }),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new Retryable(`connection failed: ${describe(error)}`);
    }
    if (!response.ok) {
      const status = `the API answered ${response.status}${await errorCode(response)}`;
      if (response.status === 429 || response.status >= 500)
        throw new Retryable(status, retryAfter(response.headers));
      throw new ProviderError('failed', status);
    }

    const filter = createCitationFilter(prompt.labels);
    let received = false;
    let finished = false;
    let done = false;
    let usage: z.infer<typeof Usage>;
    const deliver = (content: string) => {
      received = true;
      const shown = filter.push(content);
      if (shown) request.onDelta?.(shown);
    };
    const broken = (reason: string) =>
      received
        ? new ProviderError('failed', `the answer stopped in the middle: ${reason}`)
        : new Retryable(`the answer stopped before any text: ${reason}`);
    const onEvent = (data: string) => {
      if (data === '[DONE]') {
        done = true;
        return;
      }
      let chunk: z.infer<typeof StreamChunk>;
      try {
        chunk = StreamChunk.parse(JSON.parse(data));
      } catch {
        throw broken('an unreadable event');
      }
      if (chunk.error !== undefined) throw broken('an error event');
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices?.find((c) => (c.index ?? 0) === 0);
      if (choice?.delta?.content) deliver(choice.delta.content);
      if (choice?.finish_reason) finished = true;
    };

    const type = response.headers.get('content-type') ?? '';
    const sse = createSseParser();
    if (type.includes('text/event-stream') && response.body) {
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        while (!done) {
          let next: ReadableStreamReadResult<string>;
          try {
            next = await reader.read();
          } catch (error) {
            if (signal.aborted) throw error;
            throw broken(describe(error));
          }
          const events = next.done ? sse.end() : sse.push(next.value);
          for (const { data } of events) if (!done) onEvent(data);
          if (next.done) break;
        }
      } finally {
        reader.cancel().catch(() => undefined);
      }
      if (!done && !finished) throw broken('the stream ended without [DONE]');
    } else {
      let body: string;
      try {
        body = await response.text();
      } catch (error) {
        if (signal.aborted) throw error;
        throw broken(describe(error));
      }
      if (/^\s*data:/.test(body)) {
        // Events sent without their content type: read them all the same.
        for (const { data } of [...sse.push(body), ...sse.end()]) if (!done) onEvent(data);
      } else {
        let completion: z.infer<typeof Completion>;
        try {
          completion = Completion.parse(JSON.parse(body));
        } catch {
          throw new ProviderError('failed', 'the API answered with something other than a chat completion');
        }
        usage = completion.usage;
        deliver(completion.choices[0]?.message.content ?? '');
      }
    }

    const rest = filter.end();
    if (rest) request.onDelta?.(rest);
    const text = filter.text();
    if (!text) throw new ProviderError('failed', 'the answer was empty');
    const input_tokens =
      usage?.prompt_tokens ?? estimateTokens(prompt.messages.map((message) => message.content).join('\n'));
    const output_tokens = usage?.completion_tokens ?? estimateTokens(text);
    return {
      text,
      cited: filter.cited(),
      input_tokens,
      output_tokens,
      cost_cents:
        ((input_tokens * config.AI_PRICE_INPUT_PER_MTOK + output_tokens * config.AI_PRICE_OUTPUT_PER_MTOK) /
          1e6) *
        100,
    };
  }

  return {
    name: 'openai',
    async answer(request) {
      // Nothing to answer from: no model can do better than saying so.
      if (request.entries.length === 0) {
        request.onDelta?.(SIFU_NOT_FOUND_ANSWER);
        return { text: SIFU_NOT_FOUND_ANSWER, cited: [], input_tokens: 0, output_tokens: 0, cost_cents: 0 };
      }
      const prompt = buildPrompt(request, sourceTextMax);
      const timeout = AbortSignal.timeout(config.AI_TIMEOUT_MS);
      const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
      const deadline = Date.now() + config.AI_TIMEOUT_MS;
      try {
        for (let attempts = 1; ; attempts++) {
          try {
            return await attempt(prompt, request, signal);
          } catch (error) {
            if (!(error instanceof Retryable) || signal.aborted) throw error;
            if (attempts > config.AI_RETRIES) {
              throw new ProviderError('failed', `${error.message} (after ${attempts} attempts)`);
            }
            const backoff = retryDelayMs * 2 ** (attempts - 1) * (0.75 + Math.random() / 2);
            const wait = error.retryAfterMs ?? backoff;
            if (wait > Math.min(maxRetryAfterMs, deadline - Date.now())) {
              throw new ProviderError('failed', `${error.message}, asking to wait ${Math.round(wait)} ms`);
            }
            options.log?.warn(
              { provider: 'openai', attempt: attempts, reason: error.message, wait_ms: Math.round(wait) },
              'AI provider failed; retrying',
            );
            await sleep(wait, undefined, { signal });
          }
        }
      } catch (error) {
        if (timeout.aborted) {
          throw new ProviderError('timeout', `the answer took longer than ${config.AI_TIMEOUT_MS} ms`);
        }
        if (request.signal?.aborted) throw new ProviderError('failed', 'the question was cancelled');
        if (error instanceof ProviderError) throw error;
        throw new ProviderError('failed', describe(error));
      }
    },
  };
}

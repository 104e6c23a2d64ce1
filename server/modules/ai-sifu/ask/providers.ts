import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { createLocalProvider } from './local-provider';
import { createOpenAiProvider } from './openai-provider';
import type { AiProvider } from './provider';

/** The provider AI_PROVIDER names; `log` hears of an OpenAI-compatible API's retries. */
export function createProvider(config: Config, log?: Pick<FastifyBaseLogger, 'warn'>): AiProvider {
  switch (config.AI_PROVIDER) {
    case 'local':
      return createLocalProvider();
    case 'openai':
      return createOpenAiProvider(config, { log });
    default:
      throw new Error(`AI_PROVIDER=${String(config.AI_PROVIDER)} is not available`);
  }
}

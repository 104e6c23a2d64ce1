import type { Config } from '../../config';
import { createLocalProvider } from './local-provider';
import type { AiProvider } from './provider';

/** The provider AI_PROVIDER names. */
export function createProvider(config: Config): AiProvider {
  switch (config.AI_PROVIDER) {
    case 'local':
      return createLocalProvider();
    default:
      throw new Error(`AI_PROVIDER=${config.AI_PROVIDER} is not available`);
  }
}

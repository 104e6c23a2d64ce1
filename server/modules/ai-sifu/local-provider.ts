import { SIFU_NOT_FOUND_ANSWER } from '../../../common/ai-sifu';
import type { AiProvider, ProviderRequest } from './provider';

const firstSentence = (text: string) => (text.match(/^[^.!?]*[.!?]/)?.[0] ?? text).trim();

/** Answers from the best-matching entries' own sentences, with no model and no network. */
export function createLocalProvider(): AiProvider {
  return {
    name: 'local',
    async answer({ entries, onDelta }: ProviderRequest) {
      const used = entries.slice(0, 3);
      const text = used.length
        ? used.map((entry) => firstSentence(entry.body)).join(' ')
        : SIFU_NOT_FOUND_ANSWER;
      onDelta?.(text);
      return { text, cited: used.map((entry) => entry.id), input_tokens: 0, output_tokens: 0, cost_cents: 0 };
    },
  };
}

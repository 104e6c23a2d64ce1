import type { KnowledgeKind } from '../../../../common/ai-sifu';

/** A knowledge entry or a lesson of the course that retrieval found for a question. */
export interface RetrievedEntry {
  id: string;
  kind: KnowledgeKind | 'lesson';
  title: string;
  /** The entry's text; a lesson's article text as plain text. */
  body: string;
  hanzi: string | null;
  pinyin: string | null;
  source: string | null;
  /** Lessons: where they are. */
  course_id: string | null;
  module_id: string | null;
  /** Relevance, higher is better; comparable within one retrieval only. */
  score: number;
}

export interface ProviderRequest {
  question: string;
  /** Best first. The provider may cite only these. */
  entries: readonly RetrievedEntry[];
  /** The question is about an injury, pain or a medical condition: the answer leads with the school's safety guidance. */
  safety: boolean;
  /** Called with each piece of the answer as it is written (streaming); providers that write at once may call it once. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

export interface ProviderAnswer {
  text: string;
  /** Ids of the retrieved entries the answer draws on; anything else is dropped by the caller. */
  cited: string[];
  input_tokens: number;
  output_tokens: number;
  cost_cents: number;
}

/** The provider failed: `timeout` maps to SIFU_PROVIDER_TIMEOUT, `failed` to SIFU_PROVIDER_FAILED. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Who writes the answers: the local extractive composer or an OpenAI-compatible model. */
export interface AiProvider {
  readonly name: 'local' | 'openai';
  answer(request: ProviderRequest): Promise<ProviderAnswer>;
}

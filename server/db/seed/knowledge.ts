import { KNOWLEDGE_CLASSICS } from './knowledge-classics';
import type { KnowledgeSeedEntry } from './knowledge-entry';
import { KNOWLEDGE_MANUAL } from './knowledge-manual';
import { KNOWLEDGE_TERMS } from './knowledge-terms';

export type { KnowledgeKind, KnowledgeSeedEntry } from './knowledge-entry';

/** The AI tutor's seed knowledge base: the glossary, the training manual and the classics. */
export const KNOWLEDGE_SEED: readonly KnowledgeSeedEntry[] = [
  ...KNOWLEDGE_TERMS,
  ...KNOWLEDGE_MANUAL,
  ...KNOWLEDGE_CLASSICS,
];

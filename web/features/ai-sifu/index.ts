/** What other features may use of AI Sifu: the names of the knowledge kinds. */
export { KNOWLEDGE_KIND_LABELS } from './messages';

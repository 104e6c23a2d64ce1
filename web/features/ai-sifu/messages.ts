import type { KnowledgeKind } from '../../../common/ai-sifu';

/** How the app names each kind of knowledge entry. */
export const KNOWLEDGE_KIND_LABELS: Record<KnowledgeKind, string> = {
  term: 'Glossary term',
  manual: 'Training manual',
  classic: 'Classical reference',
};

/** The widget's texts for a failed call, when neither the server's error nor its message field says more. */
export const SIFU_LOGIN_MESSAGE = 'Please log in to use AI Sifu.';
export const SIFU_GENERIC_ERROR = 'Something went wrong. Please try again later.';

/** The widget's greeting before it knows the student's allowance. */
export const SIFU_GENERIC_WELCOME = "Hello, I'm AI Sifu. Ask me about your training.";

/** Sifu's Notes: its inline errors. */
export const HISTORY_LOAD_FAILED = 'Failed to load conversation history';
export const CONVERSATION_DELETE_FAILED = 'Failed to delete conversation';
export const NOTE_SAVE_FAILED = 'Failed to save note';
export const NOTE_DELETE_FAILED = 'Failed to delete note';

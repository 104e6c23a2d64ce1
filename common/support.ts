import { z } from 'zod';
import { requiredText } from './api';
import { Message } from './messages';

/**
 * The Support Center: a member's request becomes a message in that member's support conversation,
 * which every administrator sees in Messages and answers there; the administrators are e-mailed as
 * well.
 */

export const SUPPORT_CATEGORIES = ['bug', 'feature', 'technical', 'content', 'account', 'other'] as const;
export const SupportCategory = z.enum(SUPPORT_CATEGORIES, { error: 'Please choose a category' });
export type SupportCategory = z.infer<typeof SupportCategory>;

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  bug: 'Bug report',
  feature: 'Feature request',
  technical: 'Technical problem',
  content: 'Course content',
  account: 'Account',
  other: 'Other',
};

export const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const SupportPriority = z.enum(SUPPORT_PRIORITIES, { error: 'Please choose a priority' });
export type SupportPriority = z.infer<typeof SupportPriority>;
export const DEFAULT_SUPPORT_PRIORITY: SupportPriority = 'medium';

export const SUPPORT_PRIORITY_LABELS: Record<SupportPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_DESCRIPTION_MAX = 3000;
export const SUPPORT_STEPS_MAX = 1500;
export const SUPPORT_BROWSER_MAX = 500;

/** The form's failure text, and the answer (404) when the school has no active administrator. */
export const SUPPORT_FAILED_MESSAGE = 'Failed to submit support request. Please try again';
export const ADMIN_NOT_FOUND_MESSAGE = 'Admin user not found.';

/** POST /support: steps to reproduce are kept only for a bug. */
export const SupportRequestInput = z
  .object({
    subject: requiredText('Subject is required', SUPPORT_SUBJECT_MAX),
    category: SupportCategory,
    priority: SupportPriority.default(DEFAULT_SUPPORT_PRIORITY),
    description: requiredText('Description is required', SUPPORT_DESCRIPTION_MAX),
    steps_to_reproduce: z.string().trim().max(SUPPORT_STEPS_MAX).optional(),
    browser_info: z.string().trim().max(SUPPORT_BROWSER_MAX).optional(),
  })
  .transform((input) => ({
    ...input,
    steps_to_reproduce:
      input.category === 'bug' && input.steps_to_reproduce ? input.steps_to_reproduce : undefined,
  }));
export type SupportRequestInput = z.input<typeof SupportRequestInput>;

export const SupportRequestResponse = z.object({
  conversation_id: z.uuid(),
  message: Message,
});
export type SupportRequestResponse = z.infer<typeof SupportRequestResponse>;

import { z } from 'zod';
import { requiredText, pageLimit, pageOffset } from './api';

export const TERMS_CHECKBOX_MESSAGE = 'Please check the box to agree to the terms of service';

export const TermsDocument = z.object({
  version: z.string(),
  effective_date: z.string(),
  content: z.string(),
});
export type TermsDocument = z.infer<typeof TermsDocument>;

export const TermsStatusResponse = z.object({
  requiresAcceptance: z.boolean(),
  currentVersion: z.string(),
  acceptedVersion: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  terms: TermsDocument,
});
export type TermsStatusResponse = z.infer<typeof TermsStatusResponse>;

export const AcceptTermsInput = z.object({ version: requiredText('Version is required', 50) });
export type AcceptTermsInput = z.infer<typeof AcceptTermsInput>;

export const TermsRecord = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  user_name: z.string(),
  username: z.string(),
  email: z.string(),
  version: z.string(),
  accepted_at: z.string(),
  revoked_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TermsRecord = z.infer<typeof TermsRecord>;

export const TermsRecordResponse = z.object({ record: TermsRecord });
export const TermsRecordsResponse = z.object({ records: z.array(TermsRecord), total: z.number().int() });
export type TermsRecordsResponse = z.infer<typeof TermsRecordsResponse>;

export const TermsVersionQuery = z.object({ version: z.string().trim().min(1).max(50).optional() });

export const TERMS_LIST_DEFAULT_LIMIT = 100;
export const TERMS_LIST_MAX_LIMIT = 500;

/** Admin lists page through limit/offset; `version` narrows them to one version of the terms. */
export const TermsListQuery = TermsVersionQuery.extend({
  limit: pageLimit(TERMS_LIST_DEFAULT_LIMIT, TERMS_LIST_MAX_LIMIT),
  offset: pageOffset,
});
export type TermsListQuery = z.input<typeof TermsListQuery>;

export const UserWithoutTerms = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export const UsersWithoutTermsResponse = z.object({
  version: z.string(),
  users: z.array(UserWithoutTerms),
  total: z.number().int(),
});
export type UsersWithoutTermsResponse = z.infer<typeof UsersWithoutTermsResponse>;

/**
 * Among active users: accepted (an active acceptance of the version), pending (none), revoked (the
 * pending users whose acceptance was revoked); acceptance_rate is accepted / total in percent, 1 decimal.
 */
export const TermsStatsResponse = z.object({
  version: z.string(),
  total_users: z.number().int(),
  accepted: z.number().int(),
  pending: z.number().int(),
  revoked: z.number().int(),
  acceptance_rate: z.number(),
});
export type TermsStatsResponse = z.infer<typeof TermsStatsResponse>;

export const RevokeTermsInput = z.object({ reason: requiredText('Reason is required', 500) });
export type RevokeTermsInput = z.infer<typeof RevokeTermsInput>;

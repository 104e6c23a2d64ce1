import type { UpdateUserInput, User } from '../../../common/users';
import { ApiRequestError } from '../../lib/api-client';

export const PROFILE_LOAD_FAILED_MESSAGE = 'Failed to load user profile. Please try again';
export const PROFILE_SAVE_FAILED_MESSAGE = 'Failed to save profile. Please try again';
export const IMAGE_UPLOAD_FAILED_MESSAGE = 'Failed to upload image. Please try again';
export const PROFILE_INCOMPLETE_MESSAGE =
  'User profile data is incomplete. Please refresh the page and try again.';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'New passwords do not match';
export const CURRENT_PASSWORD_FOR_SETTINGS_MESSAGE = 'Current password is required to update settings';
/** The word an owner types to deactivate their account. */
export const DEACTIVATE_CONFIRMATION = 'DEACTIVATE';
export const DEACTIVATE_CONFIRM_MESSAGE = 'Please type DEACTIVATE to confirm';
export const DEACTIVATE_FAILED_MESSAGE = 'Failed to deactivate account';

/**
 * PUT /user/{id} takes the full profile, so settings that change one part (the privacy
 * settings) resend the rest as loaded. Null when the loaded profile lacks what the server
 * requires — the screen then asks for a refresh rather than sending a half-empty profile.
 */
export function profileBody(user: Partial<User> | null | undefined): UpdateUserInput | null {
  if (!user?.name || !user.email || !user.username) return null;
  return {
    name: user.name,
    email: user.email,
    username: user.username,
    avatar: user.avatar ?? null,
    city: user.city ?? '',
    country: user.country ?? '',
    martial_art: user.martial_art ?? '',
    experience: user.experience ?? 0,
    privacy: user.privacy,
    allow_messages: user.allow_messages,
    email_notifications: user.email_notifications,
  };
}

/**
 * The server's message for one request field (a 400's details, as the password policy sends
 * them), so the form can show it under that input.
 */
export function serverFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400 || !Array.isArray(error.details)) {
    return undefined;
  }
  const issue = (error.details as unknown[]).find(
    (detail): detail is { path: string; message: string } =>
      typeof detail === 'object' &&
      detail !== null &&
      (detail as { path?: unknown }).path === field &&
      typeof (detail as { message?: unknown }).message === 'string',
  );
  return issue?.message;
}

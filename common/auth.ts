import { z } from 'zod';
import { requiredText } from './api';
import { Email, Password, User, Username } from './users';

export const TEMP_PASSWORD_TTL_MINUTES = 30;
export const SESSION_TTL_DAYS = 30;
/** Days a session may go unused before it ends (SESSION_IDLE_DAYS). */
export const DEFAULT_SESSION_IDLE_DAYS = 14;
/** A session opened with a temporary password may only set a new password, for this long. */
export const PASSWORD_CHANGE_SESSION_TTL_MINUTES = 30;
/** Recovery first proves the mailbox: a code of this many digits, e-mailed, valid this long. */
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 10;
/** Guesses one code allows before it is void. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** How long the dialog waits before offering to send another code. */
export const RESET_CODE_RESEND_SECONDS = 60;
/** Codes that may be requested for one e-mail address within RECOVERY_LOCK_MINUTES. */
export const RESET_CODE_REQUESTS_PER_EMAIL = 5;
/** Failed recovery attempts per e-mail within the window before recovery locks. */
export const RECOVERY_MAX_FAILURES = 5;
export const RECOVERY_LOCK_MINUTES = 15;
/** Failed password checks per account (sign-in, temporary sign-in, current password) before it locks. */
export const ACCOUNT_MAX_FAILURES = 10;
export const ACCOUNT_LOCK_MINUTES = 15;

export const SignInInput = z.object({
  username: requiredText('Username is required', 254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type SignInInput = z.infer<typeof SignInInput>;

export const SignUpInput = z.object({
  name: requiredText('Name is required', 100),
  city: requiredText('City is required', 100),
  country: requiredText('Country is required', 100),
  martial_art: requiredText('Martial art is required', 100),
  email: Email,
  username: Username,
  password: Password,
});
export type SignUpInput = z.input<typeof SignUpInput>;

export const AuthResponse = z.object({ token: z.string(), user: User });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const TempSignInInput = z.object({
  username: requiredText('Username is required', 254),
  tempPassword: z
    .string({ error: 'Temporary password is required' })
    .trim()
    .min(1, 'Temporary password is required')
    .max(200),
});
export type TempSignInInput = z.infer<typeof TempSignInInput>;

export const SECURITY_ANSWERS_MESSAGE = 'Please fill in all security answers';

export const SecurityQuestion = z.object({
  key: z.enum(['username', 'city', 'country']),
  question: z.string(),
});
export type SecurityQuestion = z.infer<typeof SecurityQuestion>;

/** The three questions ask for facts given at sign-up. */
export const SECURITY_QUESTIONS: SecurityQuestion[] = [
  { key: 'username', question: 'What is your username?' },
  { key: 'city', question: 'In which city do you live?' },
  { key: 'country', question: 'In which country do you live?' },
];

export const SecurityQuestionsResponse = z.object({ questions: z.array(SecurityQuestion) });
export type SecurityQuestionsResponse = z.infer<typeof SecurityQuestionsResponse>;

export const SecurityQuestionsByEmailInput = z.object({ email: Email });
export type SecurityQuestionsByEmailInput = z.input<typeof SecurityQuestionsByEmailInput>;

const SecurityAnswer = z
  .string({ error: SECURITY_ANSWERS_MESSAGE })
  .trim()
  .min(1, SECURITY_ANSWERS_MESSAGE)
  .max(200);

export const RESET_CODE_MESSAGE = 'Please enter the 6-digit code from the e-mail';

export const ResetCode = z
  .string({ error: RESET_CODE_MESSAGE })
  .trim()
  .regex(new RegExp(`^[0-9]{${RESET_CODE_LENGTH}}$`), RESET_CODE_MESSAGE);

export const RequestResetCodeInput = z.object({ email: Email });
export type RequestResetCodeInput = z.input<typeof RequestResetCodeInput>;

/** The same answer whether or not an account has the address, so it reveals no accounts. */
export const RequestResetCodeResponse = z.object({ sent: z.literal(true), expiresAt: z.string() });
export type RequestResetCodeResponse = z.infer<typeof RequestResetCodeResponse>;

export const RequestResetInput = z.object({
  email: Email,
  code: ResetCode,
  securityAnswers: z.tuple([SecurityAnswer, SecurityAnswer, SecurityAnswer], {
    error: SECURITY_ANSWERS_MESSAGE,
  }),
});
export type RequestResetInput = z.input<typeof RequestResetInput>;

export const RequestResetResponse = z.object({
  hints: z.object({ username: z.string(), city: z.string(), country: z.string() }),
  tempPassword: z.string(),
  expiresAt: z.string(),
  user: z.object({ username: z.string() }),
});
export type RequestResetResponse = z.infer<typeof RequestResetResponse>;

export const SetNewPasswordInput = z.object({ newPassword: Password });
export type SetNewPasswordInput = z.infer<typeof SetNewPasswordInput>;

export const PasswordStatusResponse = z.object({ requiresPasswordChange: z.boolean() });
export type PasswordStatusResponse = z.infer<typeof PasswordStatusResponse>;

export const VerifyResponse = z.object({ valid: z.literal(true), user: User });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

/** Shows the first and last character of a value and masks the rest: "Oakland" → "O*****d". */
export function maskHint(value: string): string {
  const chars = Array.from(value.trim());
  if (chars.length <= 2) return chars.map(() => '*').join('');
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
}

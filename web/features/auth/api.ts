import { useMutation } from '@tanstack/react-query';
import {
  AuthResponse,
  RequestResetCodeResponse,
  RequestResetResponse,
  SecurityQuestionsResponse,
  SignUpInput,
  type RequestResetCodeInput,
  type RequestResetInput,
  type SecurityQuestionsByEmailInput,
  type SignInInput,
  type TempSignInInput,
} from '../../../common/auth';
import { ApiRequestError, apiRequest, isUnauthorized } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed. Please try again.';
export const TEMP_AUTH_FAILED_MESSAGE = 'Authentication failed. Please check your temporary password.';
export const SECURITY_QUESTIONS_FAILED_MESSAGE = 'Failed to retrieve security questions';
export const SECURITY_VERIFICATION_FAILED_MESSAGE = 'Security verification failed';
export const RESET_CODE_FAILED_MESSAGE = 'Failed to send the code. Please try again.';

/** These calls are made signed out, without a token, so their 401s never end a session. */
const PUBLIC = { auth: false } as const;

function isInvalidCredentials(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return (
    error.status === 401 || error.code === 'INVALID_CREDENTIALS' || /invalid credentials/i.test(error.message)
  );
}

function authenticate(input: SignInInput) {
  return apiRequest('/user/authenticate', { method: 'POST', body: input, schema: AuthResponse, ...PUBLIC });
}

function authenticateTemp(input: TempSignInInput) {
  return apiRequest('/user/auth-temp', { method: 'POST', body: input, schema: AuthResponse, ...PUBLIC });
}

/**
 * Normal login, falling back to a temporary-password login with the same credentials when the
 * normal one is refused (someone may type the temporary password into the sign-in form). When
 * the fallback is refused too, the original login error is the truthful one to show.
 */
export async function signInWithFallback(input: SignInInput): Promise<AuthResponse> {
  try {
    return await authenticate(input);
  } catch (error) {
    if (!isInvalidCredentials(error)) throw error;
    try {
      return await authenticateTemp({ username: input.username, tempPassword: input.password });
    } catch (tempError) {
      if (isUnauthorized(tempError)) throw error;
      throw tempError;
    }
  }
}

export function useSignIn() {
  const { signIn } = useSession();
  return useMutation({ mutationFn: signInWithFallback, onSuccess: signIn });
}

export function useSignUp() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      apiRequest('/create/user', {
        method: 'POST',
        body: SignUpInput.parse(input),
        schema: AuthResponse,
        ...PUBLIC,
      }),
    onSuccess: signIn,
  });
}

export function useTempSignIn() {
  const { signIn } = useSession();
  return useMutation({ mutationFn: authenticateTemp, onSuccess: signIn });
}

export function useSecurityQuestionsByEmail() {
  return useMutation({
    mutationFn: (input: SecurityQuestionsByEmailInput) =>
      apiRequest('/user/security-questions', {
        method: 'POST',
        body: input,
        schema: SecurityQuestionsResponse,
        ...PUBLIC,
      }),
  });
}

/** E-mails a recovery code; answers alike whether or not the address has an account. */
export function useRequestResetCode() {
  return useMutation({
    mutationFn: (input: RequestResetCodeInput) =>
      apiRequest('/user/request-reset-code', {
        method: 'POST',
        body: input,
        schema: RequestResetCodeResponse,
        ...PUBLIC,
      }),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (input: RequestResetInput) =>
      apiRequest('/user/request-reset', {
        method: 'POST',
        body: input,
        schema: RequestResetResponse,
        ...PUBLIC,
      }),
  });
}

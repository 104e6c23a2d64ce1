import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import {
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_MESSAGE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PERSONAL_MESSAGE,
} from '../../common/users';
import { badRequest } from './errors';

/** Built on first use: 49k entries, kept once per process and never sent to the browser. */
let commonPasswords: Set<string> | undefined;
const isCommon = (password: string) =>
  (commonPasswords ??= new Set(dictionary['passwords-common'])).has(password.toLowerCase());

/**
 * zxcvbn's score 2: an attacker who tries common passwords (reversed or with l33t substitutions
 * too), repeats, sequences, keyboard walks and dates first needs at least a million guesses.
 */
const MIN_SCORE = 2;
/**
 * The estimate reads this many characters: its cost grows quickly with the length (a 200-character
 * password can take most of a second), and a password whose first 64 characters are guessable is
 * a guessable pattern.
 */
const ESTIMATED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;
const estimate = (password: string) =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { 'passwords-common': dictionary['passwords-common'] },
    graphs: adjacencyGraphs,
    maxLength: ESTIMATED_LENGTH,
  })).check(password);

/** The account's own names a password must not repeat: username, e-mail and the e-mail's local part. */
function personalWords(identities: string[]): Set<string> {
  const words = new Set<string>();
  for (const identity of identities) {
    const lower = identity.trim().toLowerCase();
    if (!lower) continue;
    words.add(lower);
    const at = lower.lastIndexOf('@');
    if (at > 0) words.add(lower.slice(0, at));
  }
  return words;
}

/** Why a password may not be used (OWASP ASVS 5.0 V6.2), or undefined when it may. */
export function passwordProblem(password: string, identities: string[]): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGE;
  if (personalWords(identities).has(password.toLowerCase())) return PASSWORD_PERSONAL_MESSAGE;
  if (isCommon(password) || estimate(password).score < MIN_SCORE) return PASSWORD_COMMON_MESSAGE;
  return undefined;
}

/**
 * Refuses a password that breaks the policy with a 400 whose details name the request field,
 * shaped like a schema validation error so forms can show it under the input.
 */
export function assertPasswordAllowed(password: string, identities: string[], field: string): void {
  const problem = passwordProblem(password, identities);
  if (problem) throw badRequest(problem, 'WEAK_PASSWORD', [{ path: field, message: problem }]);
}

import { createHash, randomBytes } from 'node:crypto';

/*
 * Capability tokens: a secret handed out once (a session, a booking's manage link, a seat offer,
 * an e-mail confirmation link) and only its hash stored, so a leaked table grants nothing.
 */

/** A fresh token: 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What is stored and looked up for a token: its SHA-256, in hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

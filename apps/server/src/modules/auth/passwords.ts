import { hash, verify } from '@node-rs/argon2';
import { messages } from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { COMMON_PASSWORDS } from './common-passwords';

/** @node-rs/argon2's `Algorithm.Argon2id` (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** argon2id with the library's defaults (19 MiB, t=2), OWASP's recommended floor. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Length is checked by the contract schema; here what needs the account: not common, not the e-mail. */
export function assertAcceptablePassword(password: string, email: string): void {
  const lowered = password.toLowerCase();
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (
    COMMON_PASSWORDS.has(lowered) ||
    lowered === email.toLowerCase() ||
    (local.length >= 4 && lowered === local)
  ) {
    throw new AppError(400, 'weak_password', { message: messages.passwordCommon });
  }
}

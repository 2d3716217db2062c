import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1). */
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of a random password nobody knows, made once: the work done for an unknown account. */
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

let verifications = 0;

/** How many argon2 verifications this process has run (the timing test reads it). */
export function passwordVerifications(): number {
  return verifications;
}

/**
 * Whether the password matches the hash. Without a hash (an unknown user name, an account with no
 * password yet) the same argon2 work runs against a dummy hash, so the answer takes the same time.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const target = passwordHash ?? (await dummy());
  verifications += 1;
  try {
    const ok = await verify(target, password);
    return ok && passwordHash !== null;
  } catch {
    return false;
  }
}

/**
 * The check code printed on a certificate: 12 characters of an alphabet without look-alikes
 * (no 0/O, 1/I), 32 symbols, so 60 bits: guessing one is hopeless. 256 is a multiple of 32, so one
 * random byte per character gives every symbol the same chance. Shown in groups of four.
 */
export const CERTIFICATE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CERTIFICATE_CODE_LENGTH = 12;

/** A code from random bytes (one byte per character; the caller supplies them, so this stays pure). */
export function certificateCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < CERTIFICATE_CODE_LENGTH) throw new Error('not enough random bytes for a certificate code');
  let code = '';
  for (let i = 0; i < CERTIFICATE_CODE_LENGTH; i += 1) code += CERTIFICATE_CODE_ALPHABET[bytes[i]! % CERTIFICATE_CODE_ALPHABET.length];
  return code;
}

/** What someone typed, as stored: trimmed, upper-case, group separators (spaces, hyphens) dropped; null when it cannot be a code. */
export function normalizeCertificateCode(input: string): string | null {
  const code = input.trim().toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== CERTIFICATE_CODE_LENGTH) return null;
  for (const ch of code) if (!CERTIFICATE_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** The code as printed: ABCD-EFGH-JKLM. */
export function displayCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

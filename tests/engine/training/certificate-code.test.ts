import { describe, expect, it } from 'vitest';
import { CERTIFICATE_CODE_ALPHABET, certificateCodeFrom, displayCertificateCode, normalizeCertificateCode } from '../../../engine/training/certificate-code.js';

describe('certificate check codes', () => {
  it('has 32 symbols without look-alikes, so every byte maps evenly', () => {
    expect(CERTIFICATE_CODE_ALPHABET).toHaveLength(32);
    for (const ch of '01OI') expect(CERTIFICATE_CODE_ALPHABET).not.toContain(ch);
  });

  it('makes 12 characters from random bytes', () => {
    const bytes = Uint8Array.from({ length: 12 }, (_, i) => i * 33);
    const code = certificateCodeFrom(bytes);
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    expect(certificateCodeFrom(new Uint8Array(12))).toBe('AAAAAAAAAAAA');
    expect(() => certificateCodeFrom(new Uint8Array(5))).toThrow();
  });

  it.each([
    ['  abcd-efgh-jklm ', 'ABCDEFGHJKLM'],
    ['ABCD EFGH JKLM', 'ABCDEFGHJKLM'],
    ['abcdefghjklm', 'ABCDEFGHJKLM'],
    ['ABCDEFGHJKL', null],
    ['ABCDEFGHJKLMN', null],
    ['ABCDEFGHJKL0', null],
    ['', null],
    ["' or 1=1 --", null],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeCertificateCode(input)).toBe(expected);
  });

  it('prints the code in groups of four', () => {
    expect(displayCertificateCode('ABCDEFGHJKLM')).toBe('ABCD-EFGH-JKLM');
  });
});

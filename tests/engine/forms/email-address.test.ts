import { describe, expect, it } from 'vitest';
import { checkEmailChange, isValidEmail, normalEmail, type EmailAddresses, type EmailChangeCheck } from '../../../engine/forms/email-address.js';

const CURRENT: EmailAddresses = { email: 'Pat@Example.org', secondaryEmail: 'pat.home@example.net' };
const NO_SECONDARY: EmailAddresses = { email: 'pat@example.org', secondaryEmail: null };
const NO_CHANGES: EmailChangeCheck = { ok: false, field: null, messageKey: 'email.noChanges', params: {} };
const MATCH = (field: 'email' | 'secondaryEmail'): EmailChangeCheck => ({ ok: false, field, messageKey: 'email.primaryMatchesSecondary', params: {} });
const INVALID_PRIMARY = (email: string): EmailChangeCheck => ({ ok: false, field: 'email', messageKey: 'email.invalid', params: { email }, titleKey: 'email.invalidPrimaryTitle' });
const INVALID_SECONDARY = (email: string): EmailChangeCheck => ({ ok: false, field: 'secondaryEmail', messageKey: 'email.invalid', params: { email }, titleKey: 'email.invalidSecondaryTitle' });
const TLD_63 = 'x'.repeat(63);
const TLD_64 = 'x'.repeat(64);

describe('e-mail change checks (spec part 2 section 5)', () => {
  it.each<[string, EmailAddresses, EmailAddresses, EmailChangeCheck]>([
    ['nothing entered', CURRENT, {}, NO_CHANGES],
    ['empty and blank strings', CURRENT, { email: '', secondaryEmail: '   ' }, NO_CHANGES],
    ['null values', CURRENT, { email: null, secondaryEmail: null }, NO_CHANGES],
    ['both unchanged, other case and spaces', CURRENT, { email: ' pat@example.ORG ', secondaryEmail: 'PAT.HOME@example.net' }, NO_CHANGES],
    ['a cleared secondary (removing is not offered)', CURRENT, { email: 'pat@example.org', secondaryEmail: '' }, NO_CHANGES],
    ['nothing entered, no secondary yet', NO_SECONDARY, { email: 'pat@example.org', secondaryEmail: '' }, NO_CHANGES],
    ['new primary equal to the new secondary', NO_SECONDARY, { email: 'same@example.org', secondaryEmail: 'Same@example.org' }, MATCH('email')],
    ['new primary equal to the current secondary', CURRENT, { email: 'PAT.HOME@example.net' }, MATCH('email')],
    ['new secondary equal to the current primary', CURRENT, { secondaryEmail: ' pat@example.org' }, MATCH('secondaryEmail')],
    ['primary without a top-level domain', CURRENT, { email: 'someone@example' }, INVALID_PRIMARY('someone@example')],
    ['primary with a 1-letter top-level domain', CURRENT, { email: ' a@b.c ' }, INVALID_PRIMARY('a@b.c')],
    ['primary with a 64-letter top-level domain', CURRENT, { email: `a@b.${TLD_64}` }, INVALID_PRIMARY(`a@b.${TLD_64}`)],
    ['primary with a space inside', CURRENT, { email: 'a b@example.org' }, INVALID_PRIMARY('a b@example.org')],
    ['primary without @, shown as typed', CURRENT, { email: 'No-At.Example.org' }, INVALID_PRIMARY('No-At.Example.org')],
    ['both invalid: the primary first', CURRENT, { email: 'bad', secondaryEmail: 'worse' }, INVALID_PRIMARY('bad')],
    ['secondary with a numeric top-level domain', CURRENT, { secondaryEmail: 'x@example.123' }, INVALID_SECONDARY('x@example.123')],
    ['secondary with two @', NO_SECONDARY, { secondaryEmail: 'x@y@example.org' }, INVALID_SECONDARY('x@y@example.org')],
    ['a new primary', CURRENT, { email: ' New@Example.org ', secondaryEmail: 'pat.home@example.net' }, { ok: true, email: 'new@example.org', secondaryEmail: '' }],
    ['a new secondary', NO_SECONDARY, { email: 'pat@example.org', secondaryEmail: 'Home@Example.io' }, { ok: true, email: '', secondaryEmail: 'home@example.io' }],
    ['both new, 63- and 2-letter top-level domains', CURRENT, { email: `long@example.${TLD_63}`, secondaryEmail: 'x@y.io' }, { ok: true, email: `long@example.${TLD_63}`, secondaryEmail: 'x@y.io' }],
    ['primary and secondary swapped', CURRENT, { email: 'pat.home@example.net', secondaryEmail: 'pat@example.org' }, { ok: true, email: 'pat.home@example.net', secondaryEmail: 'pat@example.org' }],
  ])('%s', (_name, current, input, expected) => {
    expect(checkEmailChange(current, input)).toEqual(expected);
  });

  it.each([
    ['maria@example.org', true], [' maria@example.org ', true], ['a@b.co', true], [`a@b.${TLD_63}`, true],
    ['a@b.c', false], [`a@b.${TLD_64}`, false], ['a@b.c0', false], ['no-at.example.org', false], ['', false], [null, false],
  ])('%s is a valid address: %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });

  it('compares addresses trimmed and without case', () => {
    expect(normalEmail('  Pat@Example.ORG ')).toBe('pat@example.org');
    expect(normalEmail(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, followsPasswordRules, NAME_PATTERN } from '../../../engine/rules/account-rules.js';

const AL = { passwordRules: { minLength: 8, upper: true, lower: true, digit: true } };

describe('account rules (spec part 1 section 5)', () => {
  it.each([
    ['Abcdefg1', true], ['abcdefg1', false], ['ABCDEFG1', false], ['Abcdefgh', false], ['Abc1', false],
  ])('al password %s follows the rules: %s', (password, ok) => {
    expect(followsPasswordRules(AL, password)).toBe(ok);
  });

  it('has no rules outside al', () => {
    expect(followsPasswordRules({}, 'x')).toBe(true);
  });

  it.each([
    ['maria@example.org', true], ['a@b.co', true], ['a@b.c', false], ['no-at.example.org', false], ['a b@example.org', false],
  ])('e-mail %s is valid: %s', (email, ok) => {
    expect(EMAIL_PATTERN.test(email)).toBe(ok);
  });

  it.each([
    ["O'Brien-Smith", true], ['Mary Ann', true], ['R2D2', true], ['Zoë', false], ['<script>', false],
  ])('name %s is valid: %s', (name, ok) => {
    expect(NAME_PATTERN.test(name)).toBe(ok);
  });
});

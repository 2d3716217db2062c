import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone } from '../../../engine/forms/phone.js';

describe('phone', () => {
  it.each([
    ['6155551234', '(615) 555-1234'],
    ['(615) 555-1234', '(615) 555-1234'],
    ['615.555.1234', '(615) 555-1234'],
    ['5551234', '(555-1234'],
    ['555-1234', '(555-1234'],
    ['55512345', '55512345'],
    ['+1 615 555 1234', '+1 615 555 1234'],
    ['615-555-1234 ext 9', '615-555-1234 ext 9'],
    ['', ''],
  ])('formatPhone(%j) = %j', (value, expected) => {
    expect(formatPhone(value)).toBe(expected);
  });

  it.each([
    ['(615) 555-1234', '6155551234'],
    [' 615 555 1234 ', '6155551234'],
    ['615.555.1234', '6155551234'],
  ])('normalizePhone(%j) = %j', (value, expected) => {
    expect(normalizePhone(value)).toBe(expected);
  });

  it.each([
    ['6155551234', true],
    ['(615)555-1234', true],
    ['615 555 123', false],
    ['16155551234', false],
    ['615/555/1234', false],
  ])('isValidPhone(%j) = %j', (value, expected) => {
    expect(isValidPhone(value)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { bannerShows, environmentOf, isTestHost } from '../../../engine/text/environment.js';

describe('environment from BaseUrl', () => {
  it.each([
    ['https://uat.registry.tn.example', 'registry.tn.example', 'uat'],
    ['https://registry-dev.tn.example', 'registry.tn.example', 'dev'],
    ['https://registry.tn.example', 'registry.tn.example', 'prod'],
    ['https://www.registry.tn.example/', 'registry.tn.example', 'prod'],
    ['http://localhost:3000', 'registry.tn.example', 'dev'],
    ['https://registry.tn.example', undefined, 'dev'],
    ['not a url', 'registry.tn.example', 'dev'],
  ])('%s with production host %s is %s', (url, prod, expected) => {
    expect(environmentOf(url, prod)).toBe(expected);
  });

  it.each([
    ['https://test.al.registry.example', true],
    ['https://training-registry.al.example', true],
    ['https://uat.registry.al.example', true],
    ['https://registry.al.example', false],
    ['https://latest.registry.al.example', false],
    ['http://localhost:3000', false],
  ])('%s is a test host: %s', (url, expected) => {
    expect(isTestHost(url)).toBe(expected);
  });

  it.each([['2023-07-01', '2023-06-30', false], ['2023-07-01', '2023-07-01', true], ['2023-07-01', '2025-01-01', true]])('a banner from %s shows on %s: %s', (from, today, expected) => {
    expect(bannerShows(from, today)).toBe(expected);
  });
});

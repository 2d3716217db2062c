import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config.js';
import { EMPTY_STYLE_ELEMENT } from '../../server/plugins/security-headers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

const BUILT = existsSync(join(PROJECT_ROOT, 'dist', 'renderer', 'index.html'));

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  const csp = String(headers['content-security-policy'] ?? '');
  const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
  expect(directives['script-src']).toEqual(["'self'"]);
  // an empty style element only (the calendar library fills it through the CSS object model)
  expect(directives['style-src']).toEqual(["'self'", EMPTY_STYLE_ELEMENT]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'self'"]);
  expect(directives['form-action']).toEqual(["'self'"]);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers on every response', () => {
  it.each([
    ['a JSON answer', 'GET', '/api/health', 200],
    ['a 401', 'GET', '/api/accounts', 401],
    ['a 400', 'POST', '/api/auth/login', 400],
    ['a 404 of the API', 'GET', '/api/nothing-here', 404],
  ])('%s', async (_name, method, url, status) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(status);
    expectSecurityHeaders(res.headers);
  });

  it('a 400 refused at the edge (a NUL character) carries them too', async () => {
    const res = await t.post('/api/auth/login', { userName: 'a\u0000@b.cd', password: 'x' });
    expect(res.statusCode).toBe(400);
    expectSecurityHeaders(res.headers);
  });

  it.skipIf(!BUILT).each([
    ['the start page', '/'],
    ['a deep link answered with the app', '/dashboard/profile/personal'],
    ['index.html', '/index.html'],
  ])('the renderer: %s', async (_name, url) => {
    const res = await t.get(url);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/html');
    expectSecurityHeaders(res.headers);
    // no inline script: every script element loads a file of the origin
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.body).not.toMatch(/\sstyle="/);
  });

  it.skipIf(!BUILT)('the renderer: a static file', async () => {
    const res = await t.get('/unsupported-browser.js');
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
  });
});

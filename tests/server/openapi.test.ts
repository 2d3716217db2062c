import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifySchema, HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX, OPENAPI_PATH } from '../../server/plugins/api-docs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type SeenRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'handler'>;
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { tags?: string[]; summary?: string; requestBody?: unknown; parameters?: unknown[]; responses: Record<string, { content?: unknown }> }>>;
}

const TAKES_INPUT = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const methodsOf = (r: SeenRoute): string[] => (Array.isArray(r.method) ? r.method : [r.method as HTTPMethods]).map((m) => m.toUpperCase()).filter((m) => m !== 'HEAD');
const isDocsRoute = (url: string) => url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
/** /api/file/l/:key as the document writes it: /api/file/l/{key} */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** 'METHOD /path' of each route in Fastify's printed route tree (HEAD left out: Fastify adds it to every GET). */
function routeTree(printed: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    stack.length = m[1]!.length / 4;
    stack.push(m[2]!);
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) found.push(`${method} ${stack.join('')}`);
  }
  return found;
}

/**
 * What a route's schema lacks: a request schema where it takes input (a body, query or path
 * parameters it reads, or any POST/PUT/PATCH/DELETE), unless marked `'x-no-input': true`; a
 * response schema for a success status; a tag and a summary. Generic: it reads the routes as
 * Fastify registered them, so routes added later are checked too.
 */
export function schemaProblems(routes: readonly SeenRoute[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    if (!route.url.startsWith('/api/') || isDocsRoute(route.url)) continue;
    const schema = (route.schema ?? {}) as FastifySchema & { response?: Record<string, unknown> };
    for (const method of methodsOf(route)) {
      const name = `${method} ${route.url}`;
      const source = String(route.handler);
      const hasInput = Boolean(schema.body ?? schema.querystring ?? schema.params);
      if (route.url.includes('/:') && !schema.params) problems.push(`${name}: path parameters without a params schema`);
      if (/request\.query\b/.test(source) && !schema.querystring) problems.push(`${name}: reads request.query without a querystring schema`);
      if (/request\.body\b/.test(source) && !schema.body) problems.push(`${name}: reads request.body without a body schema`);
      if (/request\.params\b/.test(source) && !schema.params) problems.push(`${name}: reads request.params without a params schema`);
      if (!hasInput && !schema['x-no-input']) problems.push(`${name}: no request schema (body, querystring or params), and not marked 'x-no-input'`);
      if (hasInput && schema['x-no-input']) problems.push(`${name}: marked 'x-no-input' but has a request schema`);
      if (TAKES_INPUT.has(method) && !hasInput && !schema['x-no-input']) problems.push(`${name}: a ${method} without a request schema`);
      const statuses = Object.keys(schema.response ?? {});
      if (!statuses.some((s) => /^2(\d\d|xx)$/i.test(s))) problems.push(`${name}: no response schema for a success status`);
      if (!statuses.includes('4xx')) problems.push(`${name}: no error answer schema (4xx)`);
      if (!schema.tags?.length || !schema.summary) problems.push(`${name}: no tag or summary`);
    }
  }
  return problems;
}

describe('the OpenAPI document and the route schemas', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.get(OPENAPI_PATH);
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => t?.close());

  it('GET /api/openapi.json validates as OpenAPI 3', async () => {
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('the check sees every /api route of the route tree (none is registered before the docs plugin)', () => {
    const seen = new Set(t.app.apiRoutes.flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`)));
    const tree = routeTree(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.includes(' /api/') && !isDocsRoute(r.split(' ')[1]!));
    expect(tree.length).toBeGreaterThan(50);
    expect(tree.filter((r) => !seen.has(r))).toEqual([]);
  });

  it('every route has a request schema where it takes input, a response schema, a tag and a summary', () => {
    expect(schemaProblems(t.app.apiRoutes)).toEqual([]);
  });

  it('the document describes every route the app registered under /api, with its request and response', () => {
    const missing: string[] = [];
    for (const route of t.app.apiRoutes) {
      if (!route.url.startsWith('/api/') || isDocsRoute(route.url)) continue;
      const schema = (route.schema ?? {}) as FastifySchema;
      for (const method of methodsOf(route)) {
        const op = doc.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        const name = `${method} ${route.url}`;
        if (!op) { missing.push(`${name}: not in the document`); continue; }
        if (schema.body && !op.requestBody) missing.push(`${name}: no requestBody`);
        if ((schema.querystring || schema.params) && !op.parameters?.length) missing.push(`${name}: no parameters`);
        const success = Object.entries(op.responses).filter(([code]) => /^2/.test(code));
        if (success.length === 0) missing.push(`${name}: no success response`);
        if (success.some(([code, r]) => code !== '204' && !r.content)) missing.push(`${name}: a success response without content`);
        if (!op.responses['4XX']) missing.push(`${name}: no error response`);
        if (!op.tags?.length || !op.summary) missing.push(`${name}: no tag or summary`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('hides only the document and its page (of the API; the browser app\'s files are not API routes)', () => {
    const hidden = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/') && (r.schema as { hide?: boolean } | undefined)?.hide);
    expect(hidden.length).toBeGreaterThan(0);
    for (const r of hidden) expect(isDocsRoute(r.url), r.url).toBe(true);
  });

  it('the check fails for a route without a request or response schema', () => {
    const handler = async (request: { query: unknown }) => request.query;
    const routes: SeenRoute[] = [
      { method: 'POST', url: '/api/no-body', handler, schema: { tags: ['x'], summary: 'x', response: { 200: {}, '4xx': {} } } },
      { method: 'GET', url: '/api/no-answer', handler, schema: { tags: ['x'], summary: 'x', querystring: {} } },
      { method: 'GET', url: '/api/item/:id', handler: async () => 1, schema: { tags: ['x'], summary: 'x', 'x-no-input': true, response: { 200: {}, '4xx': {} } } },
      { method: 'GET', url: '/api/marked', handler: async () => 1, schema: { tags: ['x'], summary: 'x', 'x-no-input': true, response: { 200: {}, '4xx': {} } } },
    ];
    const problems = schemaProblems(routes);
    expect(problems).toContain("POST /api/no-body: no request schema (body, querystring or params), and not marked 'x-no-input'");
    expect(problems).toContain('POST /api/no-body: reads request.query without a querystring schema');
    expect(problems).toContain('GET /api/no-answer: no response schema for a success status');
    expect(problems).toContain('GET /api/item/:id: path parameters without a params schema');
    expect(problems.filter((p) => p.startsWith('GET /api/marked'))).toEqual([]);
  });

  it('serves a browsable page at /api/docs without inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('id="swagger-ui"');
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="/);
      expect(body!.trim()).toBe('');
    }
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const src of scripts.map(([, attrs]) => /src="([^"]+)"/.exec(attrs!)![1]!)) {
      const url = new URL(src, `http://localhost${DOCS_PREFIX}`).pathname;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('the page and the document are public', async () => {
    expect((await t.get(DOCS_PREFIX)).statusCode).toBe(200);
    expect((await t.get(OPENAPI_PATH)).statusCode).toBe(200);
  });
});

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { escapeHtml } from '../mail/render-mail.js';

declare module 'fastify' {
  interface FastifySchema {
    /** the route takes no body, query or path parameters (the schema test accepts it without a request schema) */
    'x-no-input'?: boolean;
    /** a POST that changes nothing (a read with a body): an administrator's preview may run it on their drafts (takesDrafts) */
    'x-read'?: boolean;
  }
  interface FastifyInstance {
    /** every route added after the docs plugin, as Fastify saw it (the schema test checks them all) */
    apiRoutes: readonly Pick<RouteOptions, 'method' | 'url' | 'schema' | 'handler'>[];
  }
}

/** Where the OpenAPI document and its browsable page are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/**
 * The docs page's own Content-Security-Policy: its scripts are files of the page's origin (no
 * inline script), styles may be inline (the page's widgets set them), nothing is framed or posted
 * elsewhere.
 */
export const DOCS_CSP = "default-src 'self'; base-uri 'self'; frame-ancestors 'self'; form-action 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'";

/** The top bar's logo: the tenant's product name (the page speaks of the registry, not of the tools it is made with). */
function productLogo(productName: string): { type: string; content: Buffer; href: string; target: '_self' } {
  const width = Math.max(120, Math.round(productName.length * 11));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40" role="img" aria-label="${escapeHtml(productName)}">`
    + `<text x="0" y="27" fill="#ffffff" font-family="Source Sans Pro, Helvetica, Arial, sans-serif" font-size="20" font-weight="700">${escapeHtml(productName)}</text></svg>`;
  return { type: 'image/svg+xml', content: Buffer.from(svg), href: '/', target: '_self' };
}

/**
 * The OpenAPI 3.1 document of every route (from the routes' own schemas) at GET /api/openapi.json,
 * and a browsable page at /api/docs. Public: it describes the calls and names each one's access ('x-access'; 'security: []' where none is needed).
 * Register it before the routes: it collects them as they are added.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const texts = app.ctx.registry.texts;
  const routes: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'handler'>[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', ({ method, url, schema, handler }) => { routes.push({ method, url, schema, handler }); });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: texts['apiDocs.title'] ?? 'API', description: texts['apiDocs.description'], version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    validatorUrl: false,
    logo: productLogo(app.ctx.registry.tenant.productName),
    theme: { title: `${texts['apiDocs.title'] ?? 'API'} - ${app.ctx.registry.tenant.productName}` },
    uiConfig: { deepLinking: false },
  });
  // the title and description are the texts of the registry in use (an administrator may publish new ones)
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => {
    const doc = app.swagger();
    const now = app.ctx.registry.texts;
    return { ...doc, info: { ...doc.info, title: now['apiDocs.title'] ?? 'API', description: now['apiDocs.description'] } };
  });
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Registry } from '../../engine/metadata/registry.js';

/**
 * The Content-Security-Policy of every response: scripts, styles, fonts and connections from the
 * registry's own origin only (no inline script, no inline style element or attribute), documents
 * shown in a frame from the origin, from a blob the application made or from the origin of the
 * tenant's guidance document (tenant.json), never framed itself.
 */
export function contentSecurityPolicy(current: () => Registry) {
  // read per response: an administrator may publish another guidance document (issue 13)
  const guidanceOrigin = () => {
    const guidance = current().tenant.guidanceDocument?.href;
    return guidance && /^https?:\/\//.test(guidance) ? new URL(guidance).origin : "'self'";
  };
  return { ...BASE_POLICY, frameSrc: [...BASE_POLICY.frameSrc, guidanceOrigin] };
}

const BASE_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every response, API and renderer alike (helmet): the CSP above, nosniff,
 * DENY framing, no referrer (links in the registry's mails carry one-time codes in the address),
 * same-origin opener and resource policies, HSTS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(() => app.ctx.registry) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
}

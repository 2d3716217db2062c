import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Registry } from '../../engine/metadata/registry.js';

/**
 * The Content-Security-Policy of every response: scripts, styles, fonts and connections from the
 * registry's own origin only (no inline script, no inline style element or attribute), documents
 * shown in a frame from the origin, from a blob the application made or from the origin of the
 * tenant's guidance document (tenant.json), never framed itself. The one inline style allowed is
 * an empty style element (EMPTY_STYLE_ELEMENT).
 */
export function contentSecurityPolicy(current: () => Registry) {
  // read per response: an administrator may publish another guidance document (issue 13)
  const guidanceOrigin = () => {
    const guidance = current().tenant.guidanceDocument?.href;
    return guidance && /^https?:\/\//.test(guidance) ? new URL(guidance).origin : "'self'";
  };
  return { ...BASE_POLICY, frameSrc: [...BASE_POLICY.frameSrc, guidanceOrigin] };
}

/**
 * The hash of the empty text: an empty inline style element is allowed, nothing else. The calendar
 * library (FullCalendar 6) has its CSS in its scripts: it adds one empty style element and fills it
 * through the CSS object model (insertRule), which the policy does not restrict. A style element
 * with any text, and every style attribute, stay blocked (docs/decisions.md, Issue 14: the calendar).
 */
export const EMPTY_STYLE_ELEMENT = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

const BASE_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", EMPTY_STYLE_ELEMENT],
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

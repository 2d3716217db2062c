import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Registry } from '../../engine/metadata/registry.js';

/**
 * The Content-Security-Policy of every response: scripts, styles, fonts and connections from the
 * registry's own origin only (no inline script, no inline style element or attribute), documents
 * shown in a frame from the origin, from a blob the application made or from the origin of the
 * tenant's guidance document (tenant.json), never framed itself. The one inline style allowed is
 * an empty style element (EMPTY_STYLE_ELEMENT).
 */
export function contentSecurityPolicy(registry: Registry) {
  const guidance = registry.tenant.guidanceDocument?.href;
  const guidanceOrigin = guidance && /^https?:\/\//.test(guidance) ? new URL(guidance).origin : "'self'";
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

/** A header helmet sets (a value) or removes (null), in helmet's order. */
type HeaderStep = readonly [name: string, value: string | null];

/** The headers of each registry: an administrator may publish another guidance document (issue 13), which makes a new registry. */
const headersOf = new WeakMap<Registry, readonly HeaderStep[]>();

/** What helmet does to a response, recorded once: its headers depend on the registry alone. */
function securityHeaders(registry: Registry): readonly HeaderStep[] {
  let steps = headersOf.get(registry);
  if (steps) return steps;
  const recorded: HeaderStep[] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => { recorded.push([name, String(value)]); },
    removeHeader: (name: string) => { recorded.push([name, null]); },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(registry) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => { if (error) throw error; });
  headersOf.set(registry, (steps = recorded));
  return steps;
}

/**
 * Security headers on every response, API and renderer alike (helmet): the CSP above, nosniff,
 * DENY framing, no referrer (links in the registry's mails carry one-time codes in the address),
 * same-origin opener and resource policies, HSTS. Computed once per registry (helmet builds its
 * middleware and the policy text anew on every call), set as helmet sets them.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const response = reply.raw;
    for (const [name, value] of securityHeaders(app.ctx.registry)) {
      if (value === null) response.removeHeader(name);
      else response.setHeader(name, value);
    }
    done();
  });
}

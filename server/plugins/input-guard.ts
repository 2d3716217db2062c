import type { FastifyInstance, FastifyRequest } from 'fastify';
import { textError } from '../errors.js';

/** U+0000, or a UTF-16 surrogate without its partner (JSON's "\ud800" escapes make them). */
// eslint-disable-next-line no-control-regex -- the NUL character is what the guard looks for
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where the first forbidden character is (`body.a.0.b`), in keys or string values at any depth; null when none. */
export function forbiddenCharacterAt(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (FORBIDDEN.test(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, `${path}.${i}`]));
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
        if (FORBIDDEN.test(k)) return path;
        stack.push([item, `${path}.${k}`]);
      }
    }
  }
  return null;
}

function refuse(request: FastifyRequest): void {
  const at = forbiddenCharacterAt(request.params, 'params') ?? forbiddenCharacterAt(request.query, 'query') ?? forbiddenCharacterAt(request.body, 'body');
  if (at) throw textError('invalid', 'security.invalidCharacters', 'The request contains characters that are not allowed.', at);
}

/**
 * Refuses with 400, before validation and before any handler of any route, a request whose path
 * parameters, query string or parsed body (keys included) hold a NUL character or a lone
 * surrogate: PostgreSQL cannot store them, and no field of the registry needs them.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuse(request);
    } catch (e) {
      done(e as Error);
      return;
    }
    done();
  });
}

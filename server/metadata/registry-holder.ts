import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from '../../engine/metadata/registry.js';

/**
 * The tenant's current compiled registry (issue 13): the files with the administrators' published
 * layer, swapped when a version is published on any instance. A request keeps the registry it
 * started with, to its end: `ctx.registry` reads the request's own (see registerRequestRegistry),
 * a job's the one current when it started (pinRegistry), else the current one.
 */
export class RegistryHolder {
  constructor(private registry: Registry, private version: number) {}

  get current(): Registry {
    return this.registry;
  }

  /** the published version the current registry holds (0: the files alone) */
  get number(): number {
    return this.version;
  }

  swap(registry: Registry, number: number): void {
    this.registry = registry;
    this.version = number;
  }
}

interface RequestScope {
  holder: RegistryHolder;
  registry: Registry;
  /** a request's: the people who ended their own sessions in it (endSessions); none outside a request */
  endedSessions?: Set<number>;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/** The registry of the request in progress (of this holder's app), else the holder's current one. */
export function registryOf(holder: RegistryHolder): Registry {
  const scope = requestScope.getStore();
  return scope && scope.holder === holder ? scope.registry : holder.current;
}

/**
 * The people who ended their own sessions in the request under way (they go on with a new token),
 * undefined outside a request. Kept in the request's registry scope: one request-scoped store,
 * not two (each store costs every promise of the request a copy on Node 20).
 */
export function sessionsEndedInRequest(): Set<number> | undefined {
  return requestScope.getStore()?.endedSessions;
}

/**
 * Runs work outside a request (a job, the event subscribers it calls) on the registry current when
 * it starts: every `ctx.registry` read in it answers that one, even when a publish swaps meanwhile.
 */
export function pinRegistry<T>(holder: RegistryHolder, work: () => Promise<T>): Promise<T> {
  return requestScope.run({ holder, registry: holder.current }, work);
}

const SCOPE = Symbol('registry-scope');
type Scoped = FastifyRequest & { [SCOPE]?: RequestScope };

/**
 * Enters each request into its registry scope in onRequest; `choose` may answer another registry
 * (the caller's drafts applied), or null for the current one. The rest of the hooks run in that
 * scope, entered again in preValidation with the same store, so the scope survives the body's
 * parsing (which runs in the socket's context). This is the app's one request-scoped store (it
 * also holds the sessions ended in the request): entering it is one `run`, with no async resource
 * made per request.
 */
export function registerRequestRegistry(app: FastifyInstance, holder: RegistryHolder, choose: (request: FastifyRequest) => Promise<Registry> | null): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const enter = (registry: Registry): void => {
      const scope: RequestScope = { holder, registry, endedSessions: new Set() };
      (request as Scoped)[SCOPE] = scope;
      requestScope.run(scope, done);
    };
    const chosen = choose(request);
    if (!chosen) enter(holder.current);
    else chosen.then(enter, (error: Error) => done(error));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = (request as Scoped)[SCOPE];
    if (scope) requestScope.run(scope, done);
    else done();
  });
}

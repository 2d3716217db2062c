import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { Registry } from '../../engine/metadata/registry.js';
import type { AppContext } from '../app-context.js';
import { configurationValues } from '../data/configuration-store.js';
import { AppError } from '../errors.js';

/**
 * Tenant feature switches (issue 28): a feature is on when a configuration row of its name says
 * 'True' (e.g. the demo seed's), off when it says 'False', else as the tenant's tenant.json
 * `features` say (absent: off). Routes and entities name the feature they belong to (`feature`):
 * while it is off the route is offered to no one and the calls of the feature refuse.
 */

/** Every feature the registry knows: the tenant's, and those routes and entities name. */
export function featureNames(registry: Registry): string[] {
  const names = new Set(Object.keys(registry.tenant.features));
  for (const r of registry.routes) if (r.feature) names.add(r.feature);
  for (const e of registry.entities.values()) if (e.feature) names.add(e.feature);
  return [...names].sort();
}

/** Whether each feature is on now, by name. */
export async function featuresOn(ctx: AppContext, names: readonly string[] = featureNames(ctx.registry)): Promise<Record<string, boolean>> {
  const stored = await configurationValues(ctx.db.knex, names);
  const tenant = ctx.registry.tenant.features;
  return Object.fromEntries(names.map((n) => {
    const v = stored.get(n);
    return [n, v === undefined ? tenant[n] === true : v === 'True'];
  }));
}

export async function featureOn(ctx: AppContext, name: string): Promise<boolean> {
  return (await featuresOn(ctx, [name]))[name] === true;
}

/** The answer of every call of a feature that is off: 404, as for a call that does not exist here. */
export const featureOff = (name: string) => new AppError('not-found', `The ${name} feature is not available in this registry.`);

/** Refuses (404) while the feature is off. */
export async function requireFeature(ctx: AppContext, name: string): Promise<void> {
  if (!(await featureOn(ctx, name))) throw featureOff(name);
}

/** Refuses the generic grid and form calls on a record type whose feature is off. */
export async function requireEntityFeature(ctx: AppContext, entity: Pick<Entity, 'feature'>): Promise<void> {
  if (entity.feature) await requireFeature(ctx, entity.feature);
}

import type { Registry } from '../../engine/metadata/registry.js';

const byName = new WeakMap<Registry, ReadonlyMap<string, number>>();

/**
 * What an audit row is about: a record type named as metadata/entities names it (`User`,
 * `Employment`, ...) and the record's id, never a bare type number. The name must be declared:
 * an unknown one is our fault, not the caller's.
 */
export function auditSubject(registry: Registry, entityName: string, id: number | null): { entityTypeId: number; entityId: number | null } {
  let names = byName.get(registry);
  if (!names) {
    names = new Map([...registry.entities.values()].map((e) => [e.name, e.id]));
    byName.set(registry, names);
  }
  const entityTypeId = names.get(entityName);
  if (entityTypeId === undefined) throw new Error(`audit: no entity named '${entityName}' in the metadata`);
  return { entityTypeId, entityId: id };
}

import type { Registry } from '../../engine/metadata/registry.js';
import type { RelationSource, RelationValue } from '../../engine/rules/rule-context.js';

/**
 * The caller's relations as given, over the registry's declarations (engine tests: what the
 * server would read from the database); a relation not given is empty.
 */
export function givenRelations(registry: Pick<Registry, 'relations' | 'entities'>, values: Readonly<Record<string, readonly RelationValue[]>>): RelationSource {
  return {
    declaration: (name) => {
      const r = registry.relations.get(name);
      const source = r && registry.entities.get(r.source);
      return r && source ? { ...r, source } : undefined;
    },
    loaded: (name) => values[name] ?? [],
  };
}

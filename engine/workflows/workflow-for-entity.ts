import type { Entity } from '../metadata/entity-schema.js';
import { isPlainObject } from '../metadata/overlay.js';
import type { Workflow } from '../metadata/workflow-schema.js';

/** The key of a rule of the record's type inside a workflow's rules: `{ "entityRule": "verification.review" }`. */
export const ENTITY_RULE_OPERATOR = 'entityRule';

/** The value at a dotted path of an entity's metadata (undefined when there is none). */
export function entityValue(entity: Entity, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (isPlainObject(at) ? at[key] : undefined), entity);
}

function resolve(node: unknown, entity: Entity): unknown {
  if (Array.isArray(node)) return node.map((n) => resolve(n, entity));
  if (!isPlainObject(node)) return node;
  const keys = Object.keys(node);
  if (keys.length === 1 && keys[0] === ENTITY_RULE_OPERATOR && typeof node[ENTITY_RULE_OPERATOR] === 'string') {
    // a rule the type does not have holds for no one
    return structuredClone(entityValue(entity, node[ENTITY_RULE_OPERATOR]) ?? false);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v, entity)]));
}

const specialised = new WeakMap<Workflow, Map<Entity, Workflow>>();

/**
 * The workflow as it runs on records of one type: each `{ "entityRule": path }` replaced by that
 * type's rule (e.g. who reviews an education record and who a training record). Made once per
 * workflow and type.
 */
export function workflowForEntity(workflow: Workflow, entity: Entity): Workflow {
  let byEntity = specialised.get(workflow);
  if (!byEntity) specialised.set(workflow, (byEntity = new Map()));
  let out = byEntity.get(entity);
  if (!out) byEntity.set(entity, (out = resolve(workflow, entity) as Workflow));
  return out;
}

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
  const arg = keys.length === 1 && keys[0] === ENTITY_RULE_OPERATOR ? node[ENTITY_RULE_OPERATOR] : undefined;
  const [path, fallback] = Array.isArray(arg) ? arg : [arg, false];
  if (typeof path === 'string') {
    // a rule the type does not have: its default (second argument), else it holds for no one
    return structuredClone(entityValue(entity, path) ?? fallback);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v, entity)]));
}

/** Whether a workflow runs on records of a type: the type is named, or has the block the workflow runs on. */
export function runsOn(workflow: Workflow, entity: Entity): boolean {
  return (workflow.entityTypeIds ?? []).includes(entity.id) || (workflow.entitiesWith !== undefined && entity[workflow.entitiesWith] !== undefined);
}

/** The workflow a record type runs, if any (metadata:check allows one per type). */
export function workflowOfEntity(workflows: Iterable<Workflow>, entity: Entity): Workflow | undefined {
  for (const wf of workflows) if (runsOn(wf, entity)) return wf;
  return undefined;
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

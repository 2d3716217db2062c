import { Ajv, type ValidateFunction } from 'ajv';
import { explainErrors } from './ajv-messages.js';
import { checkUnique, entityLabel, readableFields, type CheckModel, type Doc, type ProblemList } from './check-model.js';
import { ENTITY_RULE_ROOTS, checkRule } from './check-rules.js';
import type { Entity } from './entity-schema.js';
import type { Workflow, WorkflowTransition } from './workflow-schema.js';
import { EFFECT_NAMES, EFFECT_PARAMS, fieldParams, isEffectName, type EffectName } from '../workflows/workflow-effects.js';
import { DEFAULT_MESSAGES } from '../workflows/workflow-engine.js';
import { FACT_NAMES, isFactName } from '../workflows/workflow-facts.js';
import { ENTITY_RULE_OPERATOR, entityValue } from '../workflows/workflow-for-entity.js';

const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
const paramChecks = new Map<EffectName, ValidateFunction>(EFFECT_NAMES.map((name) => [name, ajv.compile(EFFECT_PARAMS[name])]));

type WorkflowDoc = Doc<Workflow>;

/** Every use of an operator inside a rule, with its argument and pointer. */
function operatorUses(value: unknown, op: string, at = ''): Array<{ arg: unknown; pointer: string }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => operatorUses(v, op, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === op) return [{ arg: entries[0]![1], pointer: at }];
  return entries.flatMap(([k, v]) => operatorUses(v, op, `${at}/${k}`));
}

/** A transition that creates its record under a parent also reads the parent (`parent.*`). */
const CREATE_RULE_ROOTS = new Set([...ENTITY_RULE_ROOTS, 'parent']);

/** The states no transition path reaches from the initial state. */
export function unreachableStates(workflow: Workflow): string[] {
  const initial = workflow.states.find((s) => s.initial === true)?.id;
  if (initial === undefined) return [];
  // a record starts in the initial state, or in the state a transition that creates it leads to
  const reached = new Set([initial, ...workflow.transitions.filter((t) => t.creates !== undefined).map((t) => t.to)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const t of workflow.transitions) {
      if (!(t.from ?? []).some((s) => reached.has(s))) continue;
      for (const to of [t.to, ...(t.alsoTo ?? [])]) if (!reached.has(to)) { reached.add(to); grew = true; }
    }
  }
  return workflow.states.filter((s) => s.untracked !== true).map((s) => s.id).filter((id) => !reached.has(id));
}

function checkStates(doc: WorkflowDoc, text: (pointer: string, key: string) => void, problems: ProblemList): void {
  const wf = doc.value;
  checkUnique(wf.states, (s) => s.id, (_s, i, id) => problems.add(doc, `/states/${i}/id`, `duplicate state '${id}'`));
  wf.states.forEach((s, i) => text(`/states/${i}/label`, s.label));
  const initials = wf.states.filter((s) => s.initial === true).length;
  if (initials !== 1) problems.add(doc, '/states', `a workflow needs exactly one initial state; it has ${initials}`);
  const leaving = new Set(wf.transitions.flatMap((t) => t.from ?? []));
  checkUnique(wf.states, (s) => (s.value === undefined ? s.id : String(s.value)), (_s, i, value) => problems.add(doc, `/states/${i}/value`, `two states store the value '${value}'`));
  const reaching = new Set(wf.transitions.flatMap((t) => [t.to, ...(t.alsoTo ?? [])]));
  wf.states.forEach((s, i) => {
    if (s.untracked === true) {
      if (leaving.has(s.id) || reaching.has(s.id)) problems.add(doc, `/states/${i}`, `untracked state '${s.id}' is left or reached by a transition`);
      if (s.initial === true) problems.add(doc, `/states/${i}`, `untracked state '${s.id}' cannot be the initial state`);
      return;
    }
    if (s.final === true && leaving.has(s.id)) problems.add(doc, `/states/${i}`, `final state '${s.id}' is left by a transition`);
    if (s.final !== true && !leaving.has(s.id)) problems.add(doc, `/states/${i}`, `state '${s.id}' is neither final nor left by any transition`);
  });
  for (const id of unreachableStates(wf)) problems.add(doc, `/states/${wf.states.findIndex((s) => s.id === id)}`, `state '${id}' cannot be reached from the initial state`);
}

function checkEffects(doc: WorkflowDoc, at: string, entities: readonly Entity[], problems: ProblemList): void {
  const t = doc.value.transitions[Number(at.split('/')[2])]!;
  (t.effects ?? []).forEach((effect, i) => {
    const p = `${at}/effects/${i}`;
    if (!isEffectName(effect.name)) {
      problems.add(doc, `${p}/name`, `unknown effect '${effect.name}'; effects are ${EFFECT_NAMES.join(', ')}`);
      return;
    }
    const params = effect.params ?? {};
    const valid = paramChecks.get(effect.name)!;
    if (!valid(params)) for (const issue of explainErrors(valid.errors ?? [])) problems.add(doc, `${p}/params${issue.pointer}`, issue.message);
    for (const { param, field } of fieldParams(effect.name, params)) {
      for (const entity of entities) {
        const f = entity.fields.find((x) => x.id === field);
        if (!f) problems.add(doc, `${p}/params/${param}`, `effect '${effect.name}' names field '${field}', which ${entityLabel(entity)} lacks`);
        else if ((effect.name === 'lockRecord' || effect.name === 'unlockRecord') && f.type !== 'boolean') problems.add(doc, `${p}/params/${param}`, `effect '${effect.name}' needs a boolean field; '${field}' is ${f.type}`);
      }
    }
    if ((effect.name === 'grantRole' || effect.name === 'removeRole') && params.userField === undefined) {
      for (const entity of entities.filter((e) => e.ownerField === undefined)) problems.add(doc, `${p}/params`, `effect '${effect.name}' needs userField: ${entityLabel(entity)} has no owner field`);
    }
  });
}

/** A transition that creates its record: its input and copied fields exist, and so does its parent's type and field. */
function checkCreates(doc: WorkflowDoc, at: string, t: WorkflowTransition, entities: readonly Entity[], all: ReadonlyMap<number, Entity>, problems: ProblemList): void {
  const creates = t.creates!;
  if (t.from !== undefined) problems.add(doc, `${at}/from`, `transition '${t.id}' creates its record: it leaves no state (no from)`);
  if (t.bulk !== undefined) problems.add(doc, `${at}/bulk`, `transition '${t.id}' creates its record: it has no rows to take in bulk`);
  for (const entity of entities) {
    const fields = readableFields(entity);
    creates.input.forEach((f, j) => { if (!fields.has(f)) problems.add(doc, `${at}/creates/input/${j}`, `input field '${f}' is not a field of ${entityLabel(entity)}`); });
    const parent = creates.parent;
    if (!parent) continue;
    if (!fields.has(parent.field)) problems.add(doc, `${at}/creates/parent/field`, `'${parent.field}' is not a field of ${entityLabel(entity)}`);
    const parentEntity = all.get(parent.entityTypeId);
    if (!parentEntity) {
      problems.add(doc, `${at}/creates/parent/entityTypeId`, `parent entity ${parent.entityTypeId} does not exist`);
      continue;
    }
    const parentFields = readableFields(parentEntity);
    for (const [to, from] of Object.entries(parent.copy ?? {})) {
      if (!fields.has(to)) problems.add(doc, `${at}/creates/parent/copy/${to}`, `'${to}' is not a field of ${entityLabel(entity)}`);
      if (!parentFields.has(from)) problems.add(doc, `${at}/creates/parent/copy/${to}`, `'${from}' is not a field of ${entityLabel(parentEntity)}`);
    }
  }
}

function checkTransitions(doc: WorkflowDoc, entities: readonly Entity[], all: ReadonlyMap<number, Entity>, text: (pointer: string, key: string) => void, problems: ProblemList): void {
  const wf = doc.value;
  const states = new Set(wf.states.map((s) => s.id));
  checkUnique(wf.transitions, (t) => t.id, (_t, i, id) => problems.add(doc, `/transitions/${i}/id`, `duplicate transition '${id}'`));
  const rule = (pointer: string, value: unknown, t: WorkflowTransition) => {
    for (const use of operatorUses(value, 'fact')) if (typeof use.arg !== 'string' || !isFactName(use.arg)) problems.add(doc, `${pointer}${use.pointer}`, `unknown fact '${String(use.arg)}'; facts are ${FACT_NAMES.join(', ')}`);
    for (const use of operatorUses(value, ENTITY_RULE_OPERATOR)) {
      for (const entity of entities) {
        const path = Array.isArray(use.arg) ? use.arg[0] : use.arg;
        const top = typeof path === 'string' ? path.split('.')[0]! : '';
        if (entityValue(entity, top) === undefined) problems.add(doc, `${pointer}${use.pointer}`, `entityRule '${String(use.arg)}': ${entityLabel(entity)} has no '${top}'`);
      }
    }
    for (const entity of entities) {
      const scope = { roots: t.creates?.parent ? CREATE_RULE_ROOTS : ENTITY_RULE_ROOTS, rowFields: readableFields(entity), entityLabel: entityLabel(entity) };
      for (const issue of checkRule(value, scope)) problems.add(doc, `${pointer}${issue.pointer}`, issue.message);
    }
  };
  wf.transitions.forEach((t, i) => {
    const at = `/transitions/${i}`;
    text(`${at}/label`, t.label);
    for (const key of ['prompt', 'done', 'doneTitle'] as const) if (t[key] !== undefined) text(`${at}/${key}`, t[key]);
    if (t.bulk) {
      text(`${at}/bulk/label`, t.bulk.label);
      if (t.bulk.prompt !== undefined) text(`${at}/bulk/prompt`, t.bulk.prompt);
    }
    for (const [reason, key] of Object.entries(t.messages ?? {})) text(`${at}/messages/${reason}`, key);
    if (t.creates !== undefined) checkCreates(doc, at, t, entities, all, problems);
    else if (t.from === undefined) problems.add(doc, `${at}/from`, `transition '${t.id}' needs the states it leaves (from), or creates its record`);
    (t.from ?? []).forEach((s, j) => { if (!states.has(s)) problems.add(doc, `${at}/from/${j}`, `unknown state '${s}'`); });
    if (!states.has(t.to)) problems.add(doc, `${at}/to`, `unknown state '${t.to}'`);
    (t.alsoTo ?? []).forEach((s, j) => { if (!states.has(s)) problems.add(doc, `${at}/alsoTo/${j}`, `unknown state '${s}'`); });
    if (t.allowed === undefined) problems.add(doc, `${at}/allowed`, `transition '${t.id}' has no allowed rule: no one could fire it`);
    rule(`${at}/allowed`, t.allowed, t);
    (t.guards ?? []).forEach((g, j) => {
      text(`${at}/guards/${j}/message`, g.message);
      rule(`${at}/guards/${j}/refuseWhen`, g.refuseWhen, t);
    });
    checkEffects(doc, at, entities, problems);
  });
}

/**
 * Workflows: entity types that exist (one workflow per type), a system state field on each, states
 * (one initial, all reachable, final ones never left), transitions between known states with valid
 * rules, effects of the registry with fitting parameters, and every text key in the catalogue.
 */
export function checkWorkflows(model: CheckModel, workflows: readonly WorkflowDoc[], texts: Readonly<Record<string, string>>, problems: ProblemList): void {
  const entities = new Map(model.entities.map((d) => [d.value.id, d.value]));
  const owner = new Map<number, string>();
  for (const doc of workflows) {
    const wf = doc.value;
    const text = (pointer: string, key: string) => { if (texts[key] === undefined) problems.add(doc, pointer, `text key '${key}' is missing from the catalogue`); };
    const own: Entity[] = [];
    if ((wf.entityTypeIds === undefined) === (wf.entitiesWith === undefined)) problems.add(doc, '', `workflow '${wf.id}' names its record types (entityTypeIds) or the block they have (entitiesWith), one of the two`);
    const ids = [...(wf.entityTypeIds ?? []), ...(wf.entitiesWith === undefined ? [] : [...entities.values()].filter((e) => e[wf.entitiesWith!] !== undefined).map((e) => e.id))];
    ids.forEach((id, i) => {
      const at = wf.entityTypeIds !== undefined ? `/entityTypeIds/${i}` : '/entitiesWith';
      const other = owner.get(id);
      if (other !== undefined) problems.add(doc, at, `entity ${id} already runs workflow '${other}'; a record type runs one workflow`);
      owner.set(id, wf.id);
      const entity = entities.get(id);
      if (!entity) {
        if (!model.known.entities.has(id)) problems.add(doc, at, `workflow names missing entity ${id}`);
        return;
      }
      own.push(entity);
      const field = entity.fields.find((f) => f.id === wf.stateField);
      if (!field) problems.add(doc, '/stateField', `state field '${wf.stateField}' is not a field of ${entityLabel(entity)}`);
      else if (field.system !== true || !['string', 'list'].includes(field.type)) problems.add(doc, '/stateField', `state field '${wf.stateField}' of ${entityLabel(entity)} must be a system string field (set by the server, never from a form)`);
    });
    checkStates(doc, text, problems);
    checkTransitions(doc, own, entities, text, problems);
    for (const [reason, key] of Object.entries({ ...DEFAULT_MESSAGES, ...wf.messages })) text(wf.messages?.[reason as keyof typeof DEFAULT_MESSAGES] !== undefined ? `/messages/${reason}` : '', key);
  }
}

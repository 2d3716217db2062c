import { RuleCompileError, compileRowScope } from '../rules/rule-to-sql.js';
import type { RelationSource, RuleContext } from '../rules/rule-context.js';
import { checkRule, SCREEN_RULE_ROOTS } from './check-rules.js';
import { entityLabel, readableFields, type CheckModel, type Doc, type ProblemList } from './check-model.js';
import { escapeSegment } from './json-pointer.js';
import { isPlainObject } from './overlay.js';
import type { MetadataFile, MetadataProblem } from './registry.js';
import type { Relation } from './relation-schema.js';

/** The key of a use of a relation in any rule: `{ "relation": "<id>" }`. */
export const RELATION_OPERATOR = 'relation';

/** Every `{ "relation": name }` inside a value, with its JSON pointer. */
export function relationUses(value: unknown, at = ''): Array<{ name: unknown; pointer: string }> {
  if (Array.isArray(value)) return value.flatMap((item, i) => relationUses(item, `${at}/${i}`));
  if (!isPlainObject(value)) return [];
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === RELATION_OPERATOR) return [{ name: value[RELATION_OPERATOR], pointer: at }];
  return Object.entries(value).flatMap(([key, child]) => relationUses(child, `${at}/${escapeSegment(key)}`));
}

const ROW_RULE_ROOTS = new Set([...SCREEN_RULE_ROOTS, 'row']);

/** A caller that holds nothing, with every relation loaded empty: enough to compile a rule for checking. */
function checkingContext(relations: ReadonlyMap<string, Relation>, model: CheckModel): RuleContext {
  const declaration = (name: string) => {
    const r = relations.get(name);
    const entity = r && model.entities.find((e) => e.value.id === r.source)?.value;
    return r && entity ? { ...r, source: entity } : undefined;
  };
  const source: RelationSource = { declaration, loaded: () => [] };
  return { user: { id: 0, roles: [], activeRole: '', claims: [] }, tenant: '', today: '2000-01-01', relations: source };
}

/** The relations a relation's rules read, for the cycle check. */
function readsRelations(r: Relation): string[] {
  return [...relationUses(r.where), ...relationUses(r.when)].flatMap((u) => (typeof u.name === 'string' ? [u.name] : []));
}

function cycleFrom(start: string, relations: ReadonlyMap<string, Relation>): string[] | null {
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    if (path.includes(name)) return name === start ? [...path, name] : null;
    const r = relations.get(name);
    if (!r) return null;
    path.push(name);
    for (const next of readsRelations(r)) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    return null;
  };
  return visit(start);
}

/**
 * Each relation reads a record type that exists, by a field it has; its `where` is a row rule with
 * an SQL form, its `when` reads the caller alone, and no relation reads itself through others.
 */
export function checkRelations(model: CheckModel, relations: ReadonlyArray<Doc<Relation>>, problems: ProblemList): void {
  const byId = new Map(relations.map((d) => [d.value.id, d.value]));
  const seen = new Set<string>();
  for (const doc of relations) {
    const r = doc.value;
    if (seen.has(r.id)) problems.add(doc, '/id', `duplicate relation id '${r.id}'`);
    seen.add(r.id);
    const entity = model.entities.find((e) => e.value.id === r.source)?.value;
    if (!entity) {
      if (!model.known.entities.has(r.source)) problems.add(doc, '/source', `relation '${r.id}' reads entity ${r.source}, which does not exist`);
      continue;
    }
    const fields = readableFields(entity);
    if (!fields.has(r.value)) problems.add(doc, '/value', `relation '${r.id}': ${entityLabel(entity)} has no field '${r.value}'`);
    for (const issue of checkRule(r.where, { roots: ROW_RULE_ROOTS, rowFields: fields, entityLabel: entityLabel(entity) })) problems.add(doc, `/where${issue.pointer}`, issue.message);
    for (const issue of checkRule(r.when, { roots: SCREEN_RULE_ROOTS })) problems.add(doc, `/when${issue.pointer}`, issue.message);
    try {
      compileRowScope(r.where, checkingContext(byId, model));
    } catch (e) {
      if (!(e instanceof RuleCompileError)) throw e;
      problems.add(doc, '/where', `relation '${r.id}' has no SQL form: ${e.message}`);
    }
    const cycle = cycleFrom(r.id, byId);
    if (cycle) problems.add(doc, '/where', `relation '${r.id}' reads itself: ${cycle.join(' -> ')}`);
  }
}

/** Every use of a relation, in every file as written (named rules included), names a declared relation. */
export function checkRelationUses(files: readonly MetadataFile[], known: ReadonlySet<string>): MetadataProblem[] {
  const problems: MetadataProblem[] = [];
  const report = (file: string, pointer: string, name: unknown) => {
    if (typeof name !== 'string') problems.push({ file, pointer, message: 'a relation is named by a string: { "relation": "<id>" }' });
    else if (!known.has(name)) problems.push({ file, pointer, message: `unknown relation '${name}'; metadata/relations.json declares no relation of that name` });
  };
  for (const file of files) for (const use of relationUses(file.data)) report(file.path, use.pointer, use.name);
  return problems;
}

import { ALL_RULE_ROOTS, checkRule } from './check-rules.js';
import { escapeSegment } from './json-pointer.js';
import { mergeArrayFiles } from './layers.js';
import { locate, type DocRef } from './origin.js';
import { isPlainObject } from './overlay.js';
import type { MetadataFile, MetadataProblem } from './registry.js';
import type { NamedRule } from './rule-schema.js';
import { validateDocument } from './validate.js';
import { RULES_NAMED_IN_CODE } from '../rules/named-rule.js';

/** The one key of a reference to a named rule: `{ "rule": "isManager" }`. */
export const RULE_REFERENCE_KEY = 'rule';

/** The name a value refers to when it is a rule reference (an object whose one key is `rule`, a string). */
export function ruleReference(value: unknown): string | null {
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(value);
  const name = value[RULE_REFERENCE_KEY];
  return keys.length === 1 && typeof name === 'string' ? name : null;
}

/** The compiled rule library: each name with its logic, every reference inside it inlined. */
export interface RuleLibrary {
  rules: ReadonlyMap<string, unknown>;
  /** names present in the merged library, valid or not (a reference to an invalid rule is not "unknown") */
  known: ReadonlySet<string>;
}

const unknownRule = (name: string): string => `unknown rule '${name}'; the rule library (rules.json) has no rule of that name`;

/**
 * Replaces every rule reference inside `value` (a document or part of one) with its logic. `lookup`
 * answers the inlined logic of a name, or a problem message when it has none; problems are reported
 * with the JSON pointer of the reference (`at` is the pointer of `value` itself).
 */
function inline(value: unknown, at: string, lookup: (name: string) => { logic: unknown } | { problem: string | null }, report: (pointer: string, message: string) => void): unknown {
  const name = ruleReference(value);
  if (name !== null) {
    const found = lookup(name);
    if ('logic' in found) return structuredClone(found.logic);
    if (found.problem !== null) report(at, found.problem);
    return value;
  }
  if (Array.isArray(value)) return value.map((item, i) => inline(item, `${at}/${i}`, lookup, report));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) out[key] = inline(child, `${at}/${escapeSegment(key)}`, lookup, report);
    return out;
  }
  return value;
}

/**
 * Overlays the rules files (base, then the tenant's), validates them and inlines the references
 * between rules. An unknown name, a cycle and a rule that is not valid json-logic are problems.
 */
export function compileRuleLibrary(files: readonly MetadataFile[]): { library: RuleLibrary; problems: MetadataProblem[] } {
  const problems: MetadataProblem[] = [];
  const doc = mergeArrayFiles(files);
  const items: unknown[] = doc && Array.isArray(doc.value) ? doc.value : [];
  const known = new Set(items.flatMap((item) => (isPlainObject(item) && typeof item.id === 'string' ? [item.id] : [])));
  if (!doc) return { library: { rules: new Map(), known }, problems };
  const ref: DocRef = doc.ref;
  const add = (pointer: string, message: string): void => {
    problems.push({ ...locate(ref, pointer), message });
  };
  const issues = validateDocument('rule', doc.value);
  for (const issue of issues) add(issue.pointer, issue.message);
  const bad = new Set(issues.map((i) => i.pointer.split('/')[1]));
  const defined = new Map<string, { logic: unknown; index: number }>();
  items.forEach((item, index) => {
    if (bad.has(String(index)) || issues.some((i) => i.pointer === '')) return;
    const rule = item as NamedRule;
    if (defined.has(rule.id)) add(`/${index}/id`, `duplicate rule id '${rule.id}'`);
    else defined.set(rule.id, { logic: rule.logic, index });
  });

  const resolved = new Map<string, unknown>();
  const done = new Set<string>();
  const visiting: string[] = [];
  const resolve = (name: string): void => {
    const def = defined.get(name)!;
    visiting.push(name);
    const logic = inline(def.logic, `/${def.index}/logic`, (other) => {
      if (resolved.has(other)) return { logic: resolved.get(other) };
      if (visiting.includes(other)) return { problem: `rule '${other}' refers back to itself: ${[...visiting.slice(visiting.indexOf(other)), other].join(' -> ')}` };
      if (defined.has(other)) {
        if (!done.has(other)) resolve(other);
        return resolved.has(other) ? { logic: resolved.get(other) } : { problem: null };
      }
      return { problem: known.has(other) ? null : unknownRule(other) };
    }, (pointer, message) => add(pointer, message));
    visiting.pop();
    done.add(name);
    const before = problems.length;
    for (const issue of checkRule(logic, { roots: ALL_RULE_ROOTS })) add(`/${def.index}/logic${issue.pointer}`, issue.message);
    if (problems.length === before && !containsReference(logic)) resolved.set(name, logic);
  };
  for (const name of defined.keys()) if (!done.has(name)) resolve(name);
  for (const name of RULES_NAMED_IN_CODE) if (!defined.has(name)) add('', `rule '${name}' is evaluated by the application and must be defined`);
  return { library: { rules: resolved, known }, problems };
}

function containsReference(value: unknown): boolean {
  if (ruleReference(value) !== null) return true;
  if (Array.isArray(value)) return value.some(containsReference);
  return isPlainObject(value) && Object.values(value).some(containsReference);
}

/**
 * Inlines every rule reference in every file (whatever its kind), so that overlay, checks, the
 * browser's and the server's evaluators and the rule-to-SQL compiler see plain json-logic.
 * A reference to a name the library lacks is a problem at the reference's pointer in its file.
 */
export function inlineRuleReferences(files: readonly MetadataFile[], library: RuleLibrary): { files: MetadataFile[]; problems: MetadataProblem[] } {
  const problems: MetadataProblem[] = [];
  const lookup = (name: string): { logic: unknown } | { problem: string | null } => {
    if (library.rules.has(name)) return { logic: library.rules.get(name) };
    return { problem: library.known.has(name) ? null : unknownRule(name) };
  };
  const out = files.map((file) => ({
    ...file,
    data: inline(file.data, '', lookup, (pointer, message) => problems.push({ file: file.path, pointer, message })),
  }));
  return { files: out, problems };
}

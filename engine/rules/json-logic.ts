import jsonLogic from 'json-logic-js';
import { addDays, dayNumber } from './dates.js';
import { effectiveRole } from '../access/role-duties.js';
import { FactPending, RelationPending, type RelationValue, type RuleContext } from './rule-context.js';

/**
 * The one json-logic evaluator of the registry. Custom operators read the rule context of the
 * evaluation under way (json-logic passes operators their arguments only); evaluation is
 * synchronous, so one module-level slot is safe.
 */
let current: RuleContext | null = null;

function ctx(): RuleContext {
  if (!current) throw new Error('custom rule operator used outside evaluateRule');
  return current;
}

function list(args: unknown[]): string[] {
  return args.flat().map((a) => String(a));
}

function activeRole(): string {
  return effectiveRole(ctx());
}

/** Custom operators, registered once. Their names are part of the metadata language. */
export const CUSTOM_OPERATORS: Record<string, (...args: unknown[]) => unknown> = {
  /** true when the user holds any of the roles (in any organization). */
  hasRole: (...args) => list(args).some((r) => ctx().user.roles.includes(r)),
  /** no argument: the active role code; with arguments: whether the active role is one of them. */
  activeRole: (...args) => (args.length === 0 ? activeRole() : list(args).includes(activeRole())),
  hasClaim: (...args) => list(args).some((c) => ctx().user.claims.includes(c)),
  /** no argument: the tenant code; with arguments: whether the tenant is one of them. */
  tenant: (...args) => (args.length === 0 ? ctx().tenant : list(args).includes(ctx().tenant)),
  today: () => ctx().today,
  yesterday: () => addDays(ctx().today, -1),
  tomorrow: () => addDays(ctx().today, 1),
  /** the date `days` days after (before, when negative) a date; null when it is not a date. */
  addDays: (date, days) => (dayNumber(date) === null || typeof days !== 'number' ? null : addDays(String(date), days)),
  /** whole days from a to b (b - a); null when either is not a date. */
  daysBetween: (a, b) => {
    const [x, y] = [dayNumber(a), dayNumber(b)];
    return x === null || y === null ? null : y - x;
  },
  isEmpty: (v) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0),
  /** the codes of the tenant's roles with a duty, a flag or a claim of roles.json, e.g. `{ "rolesWith": "requestable" }`, `{ "rolesWith": "Metadata.write" }` */
  rolesWith: (what) => [...(ctx().roles?.values() ?? [])]
    .filter((r) => r.duty === what || (r as Readonly<Record<string, unknown>>)[String(what)] === true || (r.claims ?? []).includes(String(what))).map((r) => r.id),
  /** the values of a named relation of the caller (metadata/relations.json), e.g. the organizations they direct */
  relation: (name) => relationValues(ctx(), String(name)),
  /** what code knows of the row beyond its fields (engine/workflows/workflow-facts.ts), e.g. whether the caller viewed it */
  fact: (name) => {
    const { facts, row } = ctx();
    if (!facts || !row) throw new Error(`fact '${String(name)}' read where no facts are known`);
    const known = facts.value(String(name), row);
    if (known === undefined) throw new FactPending(String(name));
    return known.value;
  },
  /** a rule of the record's type (a workflow run on several types reads each type's own): resolved per type before evaluation */
  entityRule: (path) => { throw new Error(`entityRule '${String(path)}' is resolved per record type before a rule is evaluated`); },
};

const NO_VALUES: readonly RelationValue[] = [];

/** Whether a relation applies to the caller at all (its `when` rule over the caller alone). */
export function relationApplies(context: RuleContext, name: string): boolean {
  const declaration = context.relations?.declaration(name);
  if (!declaration) throw new Error(`unknown relation '${name}' (metadata/relations.json)`);
  if (declaration.when === undefined) return true;
  // the caller alone: a relation's `when` never reads a row, values or a parent
  return ruleHolds(declaration.when, { user: context.user, tenant: context.tenant, today: context.today, relations: context.relations });
}

/**
 * A relation's values for the caller: none where rules run without relations (the browser) or when
 * the relation does not apply to the caller; RelationPending while it is not loaded.
 */
export function relationValues(context: RuleContext, name: string): readonly RelationValue[] {
  if (!context.relations || !relationApplies(context, name)) return NO_VALUES;
  const values = context.relations.loaded(name);
  if (values === undefined) throw new RelationPending(name);
  return values;
}

for (const [name, fn] of Object.entries(CUSTOM_OPERATORS)) jsonLogic.add_operation(name, fn);

export const STANDARD_OPERATORS = [
  'var', 'missing', 'missing_some', 'if', '?:', '==', '===', '!=', '!==', '!', '!!', 'or', 'and',
  '>', '>=', '<', '<=', 'max', 'min', '+', '-', '*', '/', '%', 'map', 'filter', 'reduce', 'all',
  'none', 'some', 'merge', 'in', 'cat', 'substr', 'log',
];
export const KNOWN_OPERATORS = new Set([...STANDARD_OPERATORS, ...Object.keys(CUSTOM_OPERATORS)]);

/** Evaluates a rule. `undefined` (no rule) is treated as the given default. */
export function evaluateRule(rule: unknown, context: RuleContext, whenAbsent = false): unknown {
  if (rule === undefined) return whenAbsent;
  const previous = current;
  current = context;
  try {
    return jsonLogic.apply(rule as jsonLogic.RulesLogic<jsonLogic.AdditionalOperation>, context);
  } finally {
    current = previous;
  }
}

export function ruleHolds(rule: unknown, context: RuleContext, whenAbsent = false): boolean {
  return jsonLogic.truthy(evaluateRule(rule, context, whenAbsent));
}

/**
 * A rule over plain facts (no caller: the standard operators only, e.g. a career lattice level's
 * requirement over a person's verified records). A custom operator in such a rule throws.
 */
export function factsHold(rule: unknown, facts: Readonly<Record<string, unknown>>): boolean {
  return jsonLogic.truthy(jsonLogic.apply(rule as jsonLogic.RulesLogic<jsonLogic.AdditionalOperation>, facts));
}

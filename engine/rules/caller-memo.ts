import type { RuleContext, RuleUser } from './rule-context.js';

/**
 * What a rule compiles to for one caller, kept for the next request of the same caller: a row
 * scope is the rule partially evaluated against the caller (identity, roles, tenant, today), so
 * another request with the same caller on the same day compiles it to the same condition. A
 * compilation that read a relation's values (data, read per request) is not kept, nor is one
 * with form values or a parent in its context; a relation compiled to a subquery is kept (its
 * declaration is metadata).
 *
 * Keyed by the tenant's roles (one object per registry: a publish starts afresh) and by the
 * rule's object (part of that registry's metadata). Bounded per rule.
 */

type Compiled<T> = { ok: true; value: T } | { ok: false; error: unknown };

const MAX_CALLERS_PER_RULE = 1_000;
const NO_ROLES = {};
const byRoles = new WeakMap<object, WeakMap<object, Map<string, Compiled<unknown>>>>();
const callerKeys = new WeakMap<RuleUser, { tenant: string; today: string; key: string }>();

/** One string per caller object and day (the same string each time: its hash is computed once). */
function callerKey(context: RuleContext): string {
  const { user, tenant, today } = context;
  let known = callerKeys.get(user);
  if (known?.tenant !== tenant || known.today !== today) {
    known = { tenant, today, key: JSON.stringify([user.id, user.activeRole, user.roles, user.claims, tenant, today]) };
    callerKeys.set(user, known);
  }
  return known.key;
}

/** The condition made read-only (not the record types a relation's subquery names: metadata of their own). */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const [key, v] of Object.entries(value)) if (key !== 'source') frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** The context with its relations watched: `read.values` turns true once any relation's values are read. */
function watched(context: RuleContext, read: { values: boolean }): RuleContext {
  const relations = context.relations;
  if (!relations) return context;
  return { ...context, relations: { declaration: (name) => relations.declaration(name), loaded: (name) => { read.values = true; return relations.loaded(name); } } };
}

/**
 * `compile(context)` of `rule` for the context's caller, from the cache when this caller compiled
 * it before (an error of the rule's own kind, `keepError`, is kept and thrown again likewise).
 */
export function memoForCaller<T>(rule: unknown, context: RuleContext, keepError: (e: unknown) => boolean, compile: (context: RuleContext) => T): T {
  if (rule === null || typeof rule !== 'object' || context.values !== undefined || context.parent !== undefined) return compile(context);
  const rolesKey = context.roles ?? NO_ROLES;
  let rules = byRoles.get(rolesKey);
  if (!rules) byRoles.set(rolesKey, (rules = new WeakMap()));
  let callers = rules.get(rule);
  if (!callers) rules.set(rule, (callers = new Map()));
  const key = callerKey(context);
  let known = callers.get(key) as Compiled<T> | undefined;
  if (!known) {
    const read = { values: false };
    try {
      known = { ok: true, value: frozen(compile(watched(context, read))) };
    } catch (e) {
      if (!keepError(e)) throw e;
      known = { ok: false, error: e };
    }
    // a relation's values are data: such a compilation holds for this request only
    if (read.values) {
      if (!known.ok) throw known.error;
      return known.value;
    }
    if (callers.size >= MAX_CALLERS_PER_RULE) callers.clear();
    callers.set(key, known);
  }
  if (!known.ok) throw known.error;
  return known.value;
}

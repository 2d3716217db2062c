import type { Registry } from '../../engine/metadata/registry.js';
import type { RelationDeclaration, RelationSource, RelationValue, RuleContext } from '../../engine/rules/rule-context.js';
import { FactPending, RelationPending } from '../../engine/rules/rule-context.js';
import { compileRelation } from '../../engine/rules/rule-to-sql.js';
import type { Database } from '../data/db.js';
import { readRelation } from '../data/relation-query.js';

/**
 * The caller's relations for one request (DESIGN section 3): each declared relation is read from
 * the database the first time a rule evaluated in memory asks for it, and kept for the rest of the
 * request. Row scopes never load them: they compile them to subqueries.
 */
export class RequestRelations implements RelationSource {
  private readonly values = new Map<string, readonly RelationValue[]>();
  private readonly pending = new Map<string, Promise<void>>();
  private context: RuleContext | null = null;

  constructor(private readonly db: Database, private readonly registry: Registry) {}

  /** The context whose caller the relations are of (set once, when the context is made). */
  bind(context: RuleContext): void {
    this.context = context;
  }

  declaration(name: string): RelationDeclaration | undefined {
    const r = this.registry.relations.get(name);
    const source = r && this.registry.entities.get(r.source);
    return r && source ? { ...r, source } : undefined;
  }

  loaded(name: string): readonly RelationValue[] | undefined {
    return this.values.get(name);
  }

  /** Reads a relation once (concurrent askers share the read). */
  load(name: string): Promise<void> {
    if (this.values.has(name)) return Promise.resolve();
    let p = this.pending.get(name);
    if (!p) {
      p = this.read(name).finally(() => this.pending.delete(name));
      this.pending.set(name, p);
    }
    return p;
  }

  private async read(name: string): Promise<void> {
    const context = this.context;
    if (!context) throw new Error('relations read before their context was made');
    const query = await settle(context, () => compileRelation(name, context));
    this.values.set(name, query === null ? [] : await readRelation(this.db, query));
  }
}

/** At most this many relations are loaded for one evaluation (more is a cycle the metadata check missed). */
const MAX_LOADS = 32;

/** A source that reads a fact when asked (server/rules/row-facts.ts). */
interface LoadingFacts { load(name: string): Promise<void> }
const loadsFacts = (facts: unknown): facts is LoadingFacts => typeof (facts as Partial<LoadingFacts> | undefined)?.load === 'function';

/**
 * Runs a pure computation over rules (an evaluation, a compiled scope, a workflow step) with the
 * relations and facts it asks for loaded: each time it stops at one not loaded yet (RelationPending,
 * FactPending), it is read and the computation runs again. A computation that asks for none costs
 * nothing extra; a relation is read at most once per request.
 */
export async function settle<T>(context: RuleContext, compute: () => T): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return compute();
    } catch (e) {
      if (i >= MAX_LOADS) throw e;
      if (e instanceof RelationPending && context.relations instanceof RequestRelations) await context.relations.load(e.relation);
      else if (e instanceof FactPending && loadsFacts(context.facts)) await context.facts.load(e.fact);
      else throw e;
    }
  }
}

import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { FactSource, RuleContext } from '../../engine/rules/rule-context.js';
import { isFactName } from '../../engine/workflows/workflow-facts.js';
import type { AppContext } from '../app-context.js';
import { FACT_READERS } from '../domain/workflows/facts/fact-registry.js';

type Row = Readonly<Record<string, unknown>>;

/**
 * The facts of the rows under evaluation (a record taking a step, or a grid page's records): each
 * fact is read for all of them at once, the first time a rule asks for it.
 */
export class RowFacts implements FactSource {
  private readonly known = new Map<string, Map<number, unknown>>();

  constructor(private readonly ctx: AppContext, private readonly context: RuleContext, private readonly entity: Entity, private readonly rows: readonly Row[]) {}

  value(name: string, row: Row): { value: unknown } | undefined {
    const values = this.known.get(name);
    return values === undefined ? undefined : { value: values.get(Number(row.id)) ?? null };
  }

  async load(name: string): Promise<void> {
    if (this.known.has(name)) return;
    if (!isFactName(name)) throw new Error(`unknown fact '${name}'`);
    this.known.set(name, await FACT_READERS[name](this.ctx, this.context, this.entity, this.rows));
  }
}

import type { Entity } from '../../../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../../../engine/rules/rule-context.js';
import type { FactName } from '../../../../engine/workflows/workflow-facts.js';
import type { AppContext } from '../../../app-context.js';
import { verificationSeen } from './verification-seen.js';

/** Reads a fact for records of one type: its value by record id. */
export type FactReader = (ctx: AppContext, context: RuleContext, entity: Entity, rows: ReadonlyArray<Readonly<Record<string, unknown>>>) => Promise<Map<number, unknown>>;

/** The code of each fact workflow rules may read (engine/workflows/workflow-facts.ts names them). */
export const FACT_READERS: { readonly [N in FactName]: FactReader } = {
  verificationSeen,
};

import type { Knex } from 'knex';
import type { Entity } from '../../../../engine/metadata/entity-schema.js';
import type { Workflow } from '../../../../engine/metadata/workflow-schema.js';
import type { RuleContext } from '../../../../engine/rules/rule-context.js';
import type { EffectName, EffectParams } from '../../../../engine/workflows/workflow-effects.js';
import type { StepData } from '../../../../engine/workflows/step-template.js';
import type { AppContext } from '../../../app-context.js';
import type { Row } from '../../../data/entity-store.js';

/** What an effect sees: the transition being stored, in its transaction. */
export interface EffectInput<N extends EffectName> {
  trx: Knex.Transaction;
  ctx: AppContext;
  /** the actor's rule context */
  context: RuleContext;
  workflow: Workflow;
  entity: Entity;
  entityId: number;
  /** the record as it was before the transition (for a created record: as created) */
  row: Readonly<Row>;
  transition: string;
  /** '' when the transition created the record */
  from: string;
  to: string;
  comment: string | null;
  actorId: number;
  params: EffectParams<N>;
  /** the step as templates read it: the record with the fields set so far, the comment, the actor, ... */
  step: () => StepData;
  /** fields of the record to write together with the new state */
  setFields: (values: Row) => void;
  /** what the effect adds to the step's audit row (when the transition names no detail of its own) */
  addAuditDetail: (detail: Readonly<Record<string, unknown>>) => void;
  /** lands the step in another state the transition names (`alsoTo`) */
  landIn: (state: string) => void;
}

export type EffectHandler<N extends EffectName> = (input: EffectInput<N>) => Promise<void>;

/** The person a field of the record names (default: the entity's owner field); null when it names no one. */
export function personOf(entity: Entity, row: Readonly<Row>, field?: string): number | null {
  const name = field ?? entity.ownerField;
  const value = name === undefined ? undefined : row[name];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

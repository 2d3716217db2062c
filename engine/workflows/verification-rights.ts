import type { Entity } from '../metadata/entity-schema.js';
import { ruleHolds } from '../rules/json-logic.js';
import { formatDate } from '../text/format.js';
import type { RuleContext } from '../rules/rule-context.js';
import { verificationStateOf, type VerificationActor, type VerificationSubject } from './verification.js';

/** The entity types whose records can be verified: those with `verification` metadata. */
export function isVerifiable(entity: Entity | undefined): entity is Entity & { verification: NonNullable<Entity['verification']> } {
  return entity?.verification !== undefined;
}

/** The record as the verification rules see it. */
export function verificationSubject(entity: Entity, context: RuleContext, row: Readonly<Record<string, unknown>>): VerificationSubject {
  const v = entity.verification;
  return {
    state: verificationStateOf(row),
    available: v !== undefined && !ruleHolds(v.unavailableWhen, { ...context, row }),
    disabled: row.disabled === true,
    reverifyDeclined: v?.reverifyDeclined === true,
  };
}

export interface ViewMarks {
  viewed: boolean;
  downloaded: boolean;
}

/** The caller's rights on the record: owner, the entity's review and remove rules, plus their view marks. */
export function verificationActor(entity: Entity, context: RuleContext, row: Readonly<Record<string, unknown>>, marks: ViewMarks): VerificationActor {
  const v = entity.verification;
  const rowContext: RuleContext = { ...context, row };
  const owner = entity.ownerField ? row[entity.ownerField] : undefined;
  return {
    isOwner: owner !== undefined && owner !== null && Number(owner) === context.user.id,
    mayReview: v !== undefined && ruleHolds(v.review, rowContext),
    mayRemove: v !== undefined && ruleHolds(v.remove, rowContext),
    viewed: marks.viewed,
    downloaded: marks.downloaded,
  };
}

/**
 * How the verification grids name the record: its `identifierFields` (dates as the grids show
 * them) joined with ' - ', else its displayField; null when empty.
 */
export function verificationIdentifier(entity: Entity, row: Readonly<Record<string, unknown>>, timeZone: string): string | null {
  const fields = entity.verification?.identifierFields ?? (entity.displayField ? [entity.displayField] : []);
  const parts = fields.map((id) => {
    const value = row[id];
    if (value === null || value === undefined || value === '') return null;
    const type = entity.fields.find((f) => f.id === id)?.type;
    return type === 'date' ? formatDate(String(value), timeZone) : String(value);
  }).filter((p): p is string => p !== null);
  return parts.length ? parts.join(' - ') : null;
}

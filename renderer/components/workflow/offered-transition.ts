/** A step of a record's workflow the server offers the caller now (a grid row's `transitions`, GET /api/workflow). */
export interface OfferedTransition {
  id: string;
  label: string;
  commentRequired: boolean;
  commentOptional?: boolean;
  /** offered but disabled: why (e.g. the record must be viewed first) */
  disabledReason?: string;
}

/** The record a step is taken on: a grid row's own, or the one it stands for (`transitionTarget`). */
export interface StepTarget {
  entityTypeId: number;
  entityId: number;
}

/** A new record a creating step makes: its record type and input values. */
export interface NewRecordTarget {
  entityTypeId: number;
  values: Record<string, string | number | boolean | null>;
}

/** The steps a row offers (none when the server sent none). */
export function transitionsOf(row: Readonly<Record<string, unknown>>): OfferedTransition[] {
  return Array.isArray(row.transitions) ? (row.transitions as OfferedTransition[]) : [];
}

/** The record a row's steps are taken on. */
export function targetOf(row: Readonly<Record<string, unknown>>, entityTypeId: number): StepTarget {
  const t = row.transitionTarget as StepTarget | undefined;
  return t ?? { entityTypeId, entityId: Number(row.id) };
}

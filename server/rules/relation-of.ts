import { relationValues } from '../../engine/rules/json-logic.js';
import type { RelationValue, RuleContext } from '../../engine/rules/rule-context.js';
import { settle } from './request-relations.js';

/** A relation of the caller by name (metadata/relations.json), read from the database at most once per request. */
export function relationOf(context: RuleContext, name: string): Promise<readonly RelationValue[]> {
  return settle(context, () => relationValues(context, name));
}

/** Whether a value (an id) is among the caller's relation. */
export async function inRelation(context: RuleContext, name: string, value: number): Promise<boolean> {
  return (await relationOf(context, name)).some((v) => Number(v) === value);
}

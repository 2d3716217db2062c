import type { Entity } from '../../../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../../../engine/rules/rule-context.js';
import type { AppContext } from '../../../app-context.js';

/** Reads a fact for records of one type: its value by record id (each fact's code is one; fact-registry.ts lists them). */
export type FactReader = (ctx: AppContext, context: RuleContext, entity: Entity, rows: ReadonlyArray<Readonly<Record<string, unknown>>>) => Promise<Map<number, unknown>>;

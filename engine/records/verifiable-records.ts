import type { Entity } from '../metadata/entity-schema.js';
import { formatDate } from '../text/format.js';

/**
 * Records whose verification the workflow `verification` runs (metadata/workflows/verification.json):
 * the entity types with `verification` metadata, which holds the rules the workflow reads per type.
 */
export function isVerifiable(entity: Entity | undefined): entity is Entity & { verification: NonNullable<Entity['verification']> } {
  return entity?.verification !== undefined;
}

/** Action types of a verification's history (entity 29): the spec's 1, 3 and 4; removal (5) is ours. */
export const VERIFICATION_ACTION = { request: 1, verify: 3, decline: 4, remove: 5 } as const;

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

import type { FieldType } from './entity-schema.js';

/** Fields every entity has, whatever its storage; set by the server only. */
export const SYSTEM_FIELDS: Readonly<Record<string, { type: FieldType; column: string }>> = {
  id: { type: 'integer', column: 'id' },
  disabled: { type: 'boolean', column: 'disabled' },
  createdAt: { type: 'datetime', column: 'created_at' },
  updatedAt: { type: 'datetime', column: 'updated_at' },
  createdBy: { type: 'integer', column: 'created_by' },
  updatedBy: { type: 'integer', column: 'updated_by' },
};

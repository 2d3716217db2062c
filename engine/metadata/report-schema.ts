import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RuleSchema } from './schema-common.js';

/** One column of a report's table: a text key for its heading and the field it shows. */
export const ReportColumnSchema = Type.Object({
  label: Type.String({ description: 'text key of the column heading' }),
  field: Type.String({ description: 'field of the source entity' }),
  date: Type.Optional(Type.Boolean({ description: 'shown as a date' })),
}, { additionalProperties: false });

/**
 * A report over one person's rows of an entity (the Training Report) at an organization where the
 * person holds the staff role (roles.json duty 'staff'): where it reads, what it shows, who may read it. Its access rule reads `row.userId` (the person) and `row.organizationId`.
 */
export const ReportSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
  title: Type.String({ description: 'text key of the title' }),
  entityTypeId: Type.Integer({ description: 'the entity whose rows the report lists (owned by the person: its ownerField)' }),
  auditEntityTypeId: Type.Integer({ description: 'entity type id written on the audit row of a generated report' }),
  dateField: Type.String({ description: 'the field placing a row in the reporting period' }),
  hoursField: Type.String({ description: 'the field summed into the total hours' }),
  columns: Type.Array(ReportColumnSchema, { minItems: 1 }),
  access: Type.Object({ read: RuleSchema }, { additionalProperties: false }),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Report = Static<typeof ReportSchema>;
export const ReportsFileSchema = Type.Array(ReportSchema);

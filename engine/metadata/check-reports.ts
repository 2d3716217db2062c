import { entityLabel, readableFields, type CheckModel, type ProblemList } from './check-model.js';
import { ENTITY_RULE_ROOTS, checkRule } from './check-rules.js';

/** What a report's access rule may read of the row: the person and the organization. */
const REPORT_ROW_FIELDS = new Set(['userId', 'organizationId']);

/** Reports: unique ids, a real source entity and fields, known text keys, a staff role, a sound access rule. */
export function checkReports(model: CheckModel, texts: Readonly<Record<string, string>>, problems: ProblemList): void {
  const entities = new Map(model.entities.map((d) => [d.value.id, d.value]));
  const seen = new Set<string>();
  for (const doc of model.reports) {
    const report = doc.value;
    if (seen.has(report.id)) problems.add(doc, '/id', `duplicate report id '${report.id}'`);
    seen.add(report.id);
    const text = (pointer: string, key: string) => {
      if (texts[key] === undefined) problems.add(doc, pointer, `text key '${key}' is missing from the catalogue`);
    };
    text('/title', report.title);
    report.columns.forEach((c, i) => text(`/columns/${i}/label`, c.label));
    if (!model.roles.some((d) => d.value.duty === 'staff')) problems.add(doc, '', "a report is about a person's staff role, but no role has duty 'staff' (roles.json)");
    const entity = entities.get(report.entityTypeId);
    if (!entity) {
      if (!model.known.entities.has(report.entityTypeId)) problems.add(doc, '/entityTypeId', `report names missing entity ${report.entityTypeId}`);
    } else {
      const fields = readableFields(entity);
      const named: Array<[string, string]> = [['/dateField', report.dateField], ['/hoursField', report.hoursField],
        ...report.columns.map((c, i): [string, string] => [`/columns/${i}/field`, c.field])];
      for (const [pointer, field] of named) {
        if (!fields.has(field)) problems.add(doc, pointer, `report names missing field '${field}' of ${entityLabel(entity)}`);
      }
    }
    const scope = { roots: ENTITY_RULE_ROOTS, rowFields: REPORT_ROW_FIELDS, entityLabel: `report '${report.id}'` };
    for (const issue of checkRule(report.access.read, scope)) problems.add(doc, `/access/read${issue.pointer}`, issue.message);
  }
}

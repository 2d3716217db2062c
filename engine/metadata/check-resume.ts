import { entityLabel, readableFields, type CheckModel, type Doc, type ProblemList } from './check-model.js';
import type { ResumeSection } from './resume-schema.js';

/** Resume sections: unique ids and idsList keys, a known heading text, a real owned record type and its fields. */
export function checkResume(model: CheckModel, sections: ReadonlyArray<Doc<ResumeSection>>, texts: Readonly<Record<string, string>>, problems: ProblemList): void {
  const entities = new Map(model.entities.map((d) => [d.value.id, d.value]));
  const ids = new Set<string>();
  const keys = new Set<string>();
  for (const doc of sections) {
    const s = doc.value;
    if (ids.has(s.id)) problems.add(doc, '/id', `duplicate resume section id '${s.id}'`);
    if (keys.has(s.idsKey)) problems.add(doc, '/idsKey', `duplicate resume idsKey '${s.idsKey}'`);
    ids.add(s.id);
    keys.add(s.idsKey);
    if (texts[s.heading] === undefined) problems.add(doc, '/heading', `text key '${s.heading}' is missing from the catalogue`);
    const entity = entities.get(s.entityTypeId);
    if (!entity) {
      problems.add(doc, '/entityTypeId', `resume section names missing entity ${s.entityTypeId}`);
      continue;
    }
    if (!entity.ownerField) problems.add(doc, '/entityTypeId', `${entityLabel(entity)} has no owner field: a resume lists a person's own records`);
    const fields = readableFields(entity);
    const named: Array<[string, string]> = [
      ...s.title.map((f, i): [string, string] => [`/title/${i}`, f]),
      ...(s.detail ?? []).map((f, i): [string, string] => [`/detail/${i}`, f]),
      ...(s.text ? [['/text', s.text] as [string, string]] : []),
      ...(s.dates ? [['/dates/start', s.dates.start] as [string, string]] : []),
      ...(s.dates?.end ? [['/dates/end', s.dates.end] as [string, string]] : []),
    ];
    for (const [pointer, field] of named) if (!fields.has(field)) problems.add(doc, pointer, `resume section names missing field '${field}' of ${entityLabel(entity)}`);
  }
}

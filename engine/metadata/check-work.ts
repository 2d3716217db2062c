import { checkUnique, readableFields, type CheckModel, type ProblemList } from './check-model.js';
import { ENTITY_RULE_ROOTS, checkRule } from './check-rules.js';
import { rowEntityTypeId } from './grid-schema.js';

/**
 * Dashboard work items: unique ids, grids, routes and text keys, filters over real fields.
 * (A role a tenant leaves out is no problem: the item is just never shown there.)
 */
export function checkWork(model: CheckModel, texts: Readonly<Record<string, string>>, problems: ProblemList): void {
  checkUnique(model.work, (d) => d.value.id, (d, _i, id) => problems.add(d, '/id', `duplicate work item id '${id}'`));
  const routes = new Set(model.routes.map((d) => d.value.id));
  const grids = new Map(model.grids.map((d) => [d.value.id, d.value]));
  const entities = new Map(model.entities.map((d) => [d.value.id, d.value]));
  const text = (doc: (typeof model.work)[number], pointer: string, key: string | undefined) => {
    if (key !== undefined && texts[key] === undefined) problems.add(doc, pointer, `text key '${key}' is missing from the catalogue`);
  };
  for (const doc of model.work) {
    const item = doc.value;
    text(doc, '/title', item.title);
    (item.counts ?? []).forEach((c, i) => {
      const at = `/counts/${i}`;
      text(doc, `${at}/label`, c.label);
      text(doc, `${at}/labelOne`, c.labelOne);
      if (!routes.has(c.route) && !model.known.routes.has(c.route)) problems.add(doc, `${at}/route`, `work count links to missing route '${c.route}'`);
      if ((c.gridId === undefined) === (c.unread === undefined)) {
        problems.add(doc, at, 'a work count names either a grid (gridId) or an inbox (unread)');
        return;
      }
      if (c.gridId === undefined) return;
      const grid = grids.get(c.gridId);
      if (!grid) {
        if (!model.known.grids.has(c.gridId)) problems.add(doc, `${at}/gridId`, `work count names missing grid '${c.gridId}'`);
        return;
      }
      const entity = entities.get(rowEntityTypeId(grid));
      if (!entity) return;
      const scope = { roots: ENTITY_RULE_ROOTS, rowFields: readableFields(entity), entityLabel: `entity ${entity.id} (${entity.name})` };
      for (const issue of checkRule(c.filter, scope)) problems.add(doc, `${at}/filter${issue.pointer}`, issue.message);
    });
  }
}

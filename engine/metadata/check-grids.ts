import { rowEntityTypeId, type Grid } from './grid-schema.js';
import { checkUnique, entityLabel, readableFields, type CheckModel, type Doc, type ProblemList } from './check-model.js';
import { ROW_ACTION_RULE_ROOTS, SCREEN_RULE_ROOTS, checkRule } from './check-rules.js';

function checkPairs(grids: ReadonlyArray<Doc<Grid>>, problems: ProblemList): void {
  const byPair = new Map<string, Array<Doc<Grid>>>();
  for (const doc of grids) {
    const key = `${doc.value.entityTypeId}/${doc.value.formId}`;
    byPair.set(key, [...(byPair.get(key) ?? []), doc]);
  }
  for (const docs of byPair.values()) {
    const plainGrid = docs.filter((d) => d.value.altGridId === undefined);
    for (const doc of plainGrid.slice(1)) {
      problems.add(doc, '', `grid '${doc.value.id}' shows entity ${doc.value.entityTypeId} with form ${doc.value.formId} like grid '${plainGrid[0]!.value.id}'; give one of them an altGridId`);
    }
    checkUnique(docs, (d) => d.value.altGridId, (d, _i, alt) => problems.add(d, '/altGridId', `altGridId '${alt}' is used twice for entity ${d.value.entityTypeId} with form ${d.value.formId}`));
  }
}

export function checkGrids(model: CheckModel, problems: ProblemList): void {
  const entities = new Map(model.entities.map((d) => [d.value.id, d.value]));
  const forms = new Map(model.forms.map((d) => [d.value.id, d.value]));
  const gridIds = new Set(model.grids.map((d) => d.value.id));
  for (const doc of model.grids) {
    const grid = doc.value;
    if (!entities.has(grid.entityTypeId) && !model.known.entities.has(grid.entityTypeId)) problems.add(doc, '/entityTypeId', `grid names missing entity ${grid.entityTypeId}`);
    const entity = entities.get(rowEntityTypeId(grid));
    if (grid.rowsFrom !== undefined && !entity && !model.known.entities.has(grid.rowsFrom)) problems.add(doc, '/rowsFrom', `grid reads its rows from missing entity ${grid.rowsFrom}`);
    const form = forms.get(grid.formId);
    if (!form && !model.known.forms.has(grid.formId)) problems.add(doc, '/formId', `grid names missing form ${grid.formId}`);
    if (form && form.entityTypeId !== grid.entityTypeId) {
      problems.add(doc, '/formId', `grid's form ${form.id} (${form.name}) belongs to entity ${form.entityTypeId}, not to entity ${grid.entityTypeId}`);
    }
    (grid.addChoices ?? []).forEach((c, i) => {
      if ((c.formId === undefined) === (c.action === undefined)) problems.add(doc, `/addChoices/${i}`, 'an add choice names either a form (formId) or a registered action (action)');
      if (c.formId !== undefined && !forms.has(c.formId) && !model.known.forms.has(c.formId)) problems.add(doc, `/addChoices/${i}/formId`, `add choice names missing form ${c.formId}`);
    });
    checkUnique(grid.columns, (c) => c.columnName, (_c, i, name) => problems.add(doc, `/columns/${i}/columnName`, `column '${name}' is declared twice`));
    if (entity) {
      const fields = readableFields(entity);
      for (const key of ['entityTypeIdField', 'entityIdField'] as const) {
        const name = grid.transitionsOf?.[key];
        if (name !== undefined && !fields.has(name)) problems.add(doc, `/transitionsOf/${key}`, `'${name}' is not a field of ${entityLabel(entity)}`);
      }
      grid.columns.forEach((c, i) => {
        if (c.computed) {
          if (fields.has(c.propertyName)) problems.add(doc, `/columns/${i}/propertyName`, `computed column '${c.propertyName}' shadows a field of ${entityLabel(entity)}`);
          if (c.sortable || c.filterable) problems.add(doc, `/columns/${i}`, 'a computed column is neither sortable nor filterable');
          for (const [key, name] of Object.entries(c.computed.params ?? {})) {
            if (!fields.has(name)) problems.add(doc, `/columns/${i}/computed/params/${key}`, `'${name}' is not a field of ${entityLabel(entity)}`);
          }
          return;
        }
        const first = c.propertyName.split('.')[0] ?? '';
        if (!fields.has(first)) problems.add(doc, `/columns/${i}/propertyName`, `grid column names missing field '${first}' of ${entityLabel(entity)}`);
      });
    }
    const declared = new Set(grid.columns.flatMap((c) => [c.columnName, c.propertyName]));
    const properties = new Set(grid.columns.map((c) => c.propertyName));
    (grid.displayColumns ?? []).forEach((name, i) => {
      if (!properties.has(name)) problems.add(doc, `/displayColumns/${i}`, `display column '${name}' is not a column property of the grid`);
    });
    (grid.defaultFilters ?? []).forEach((f, i) => {
      if (!declared.has(f.column)) problems.add(doc, `/defaultFilters/${i}/column`, `default filter names column '${f.column}' the grid does not declare`);
    });
    const actions = grid.rowActions ?? [];
    checkUnique(actions, (a) => a.id, (_a, i, id) => problems.add(doc, `/rowActions/${i}/id`, `row action id '${id}' appears twice`));
    actions.forEach((a, i) => {
      const shown = a.gridWindow?.gridId;
      if (shown !== undefined && !gridIds.has(shown) && !model.known.grids.has(shown)) problems.add(doc, `/rowActions/${i}/gridWindow/gridId`, `row action opens missing grid '${shown}'`);
      const stepType = a.step?.entityTypeId;
      if (stepType !== undefined && !entities.has(stepType) && !model.known.entities.has(stepType)) problems.add(doc, `/rowActions/${i}/step/entityTypeId`, `row action step names missing entity ${stepType}`);
    });
    const chosen = grid.selectionActions ?? [];
    checkUnique(chosen, (a) => a.id, (_a, i, id) => problems.add(doc, `/selectionActions/${i}/id`, `selection action id '${id}' appears twice`));
    if (chosen.length > 0 && !grid.multiRowSelect) problems.add(doc, '/selectionActions', 'selection actions need multiRowSelect');
    const rules: Array<[string, unknown, ReadonlySet<string>]> = [
      ['/addNew', grid.addNew, SCREEN_RULE_ROOTS],
      ['/includeDisabled', grid.includeDisabled, SCREEN_RULE_ROOTS],
      ...actions.map((a, i): [string, unknown, ReadonlySet<string>] => [`/rowActions/${i}/visible`, a.visible, ROW_ACTION_RULE_ROOTS]),
      ...chosen.map((a, i): [string, unknown, ReadonlySet<string>] => [`/selectionActions/${i}/offered`, a.offered, ROW_ACTION_RULE_ROOTS]),
      ['/viewModal/when', grid.viewModal?.when, ROW_ACTION_RULE_ROOTS],
    ];
    for (const [pointer, value, roots] of rules) {
      for (const issue of checkRule(value, { roots })) problems.add(doc, pointer + issue.pointer, issue.message);
    }
  }
  checkPairs(model.grids, problems);
}

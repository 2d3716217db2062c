import { checkUnique, type CheckModel, type ProblemList } from './check-model.js';
import { SCREEN_RULE_ROOTS, checkRule } from './check-rules.js';

export function checkRoles(model: CheckModel, problems: ProblemList): void {
  checkUnique(model.roles, (d) => d.value.id, (d, _i, id) => problems.add(d, '/id', `duplicate role id '${id}'`));
  checkUnique(model.roles, (d) => d.value.duty, (d, _i, duty) => problems.add(d, '/duty', `duty '${duty}' is held by another role too; one role has each duty`));
  const declared = (role: string): boolean => model.known.declaredRoles.has(role);
  for (const doc of model.roles) {
    checkUnique(doc.value.guides ?? [], (g) => g.id, (_g, i, id) => problems.add(doc, `/guides/${i}/id`, `guide id '${id}' appears twice`));
    (doc.value.exclusiveWith ?? []).forEach((r, i) => { if (!declared(r)) problems.add(doc, `/exclusiveWith/${i}`, `names missing role '${r}'`); });
    (doc.value.assigns?.except ?? []).forEach((r, i) => { if (!declared(r)) problems.add(doc, `/assigns/except/${i}`, `names missing role '${r}'`); });
  }
  checkUnique(model.roles, (d) => d.value.assigns?.rank, (d, _i, rank) => problems.add(d, '/assigns/rank', `assigning rank ${rank} is held by another role too`));
  for (const doc of model.work) doc.value.roles.forEach((r, i) => { if (!declared(r)) problems.add(doc, `/roles/${i}`, `names missing role '${r}'`); });
}

export function checkRoutes(model: CheckModel, problems: ProblemList): void {
  checkUnique(model.routes, (d) => d.value.id, (d, _i, id) => problems.add(d, '/id', `duplicate route id '${id}'`));
  const parents = new Map(model.routes.map((d) => [d.value.id, d.value.parent]));
  const roles = new Set(model.roles.map((d) => d.value.id));
  const claims = new Set(model.roles.flatMap((d) => d.value.claims));
  const grids = new Set(model.grids.map((d) => d.value.id));
  for (const doc of model.routes) {
    const route = doc.value;
    if (route.parent !== undefined) {
      if (!parents.has(route.parent) && !model.known.routes.has(route.parent)) {
        problems.add(doc, '/parent', `route parent '${route.parent}' is missing`);
      } else {
        const chain = new Set<string>([route.id]);
        for (let p: string | undefined = route.parent; p !== undefined; p = parents.get(p)) {
          if (chain.has(p)) {
            problems.add(doc, '/parent', `route parent chain of '${route.id}' loops back to '${p}'`);
            break;
          }
          chain.add(p);
        }
      }
    }
    (route.roles ?? []).forEach((role, i) => {
      if (!roles.has(role) && !model.known.roles.has(role)) problems.add(doc, `/roles/${i}`, `route names missing role '${role}'`);
    });
    (route.claims ?? []).forEach((claim, i) => {
      if (!claims.has(claim)) problems.add(doc, `/claims/${i}`, `route needs claim '${claim}', which no role grants`);
    });
    const screen = route.screen;
    const checkGrid = (gridId: string, pointer: string) => {
      if (!grids.has(gridId) && !model.known.grids.has(gridId)) problems.add(doc, pointer, `route screen names missing grid '${gridId}'`);
    };
    const checkLinks = (links: readonly { routeId: string }[] | undefined) => (links ?? []).forEach((l, i) => {
      if (!parents.has(l.routeId) && !model.known.routes.has(l.routeId)) problems.add(doc, `/screen/links/${i}/routeId`, `route screen links to missing route '${l.routeId}'`);
    });
    if (screen?.kind === 'grid') {
      checkGrid(screen.gridId, '/screen/gridId');
      checkLinks(screen.links);
    }
    if (screen?.kind === 'choose-then-list') {
      if ('gridId' in screen.choose.from) checkGrid(screen.choose.from.gridId, '/screen/choose/from/gridId');
      if ('gridId' in screen.list) checkGrid(screen.list.gridId, '/screen/list/gridId');
      const goesTo = screen.choose.noneGoesTo;
      if (goesTo !== undefined && !parents.has(goesTo) && !model.known.routes.has(goesTo)) problems.add(doc, '/screen/choose/noneGoesTo', `route screen names missing route '${goesTo}'`);
    }
    if (screen?.kind === 'accordion') {
      checkUnique(screen.sections, (x) => x.id, (_x, i, id) => problems.add(doc, `/screen/sections/${i}/id`, `accordion section id '${id}' appears twice`));
      screen.sections.forEach((x, i) => { if ('gridId' in x.content) checkGrid(x.content.gridId, `/screen/sections/${i}/content/gridId`); });
      checkLinks(screen.links);
      if (screen.oneOpen && screen.sections.filter((x) => x.open).length > 1) problems.add(doc, '/screen/sections', 'a one-open-at-a-time accordion opens at most one section at first');
    }
    if (screen?.kind === 'inbox' && !model.known.inboxes.has(screen.inbox)) {
      problems.add(doc, '/screen/inbox', `route screen names missing inbox '${screen.inbox}'`);
    }
    if (route.continueTo && !parents.has(route.continueTo) && !model.known.routes.has(route.continueTo)) {
      problems.add(doc, '/continueTo', `route continueTo names missing route '${route.continueTo}'`);
    }
    for (const issue of checkRule(route.visible, { roots: SCREEN_RULE_ROOTS })) problems.add(doc, `/visible${issue.pointer}`, issue.message);
  }
}

/** The text keys a `text` screen shows (its page and table) must be in the catalogue (the page would be empty). */
export function checkRouteTexts(model: CheckModel, texts: Readonly<Record<string, string>>, problems: ProblemList): void {
  for (const doc of model.routes) {
    const screen = doc.value.screen;
    if (screen?.kind !== 'text') continue;
    const need = (pointer: string, key: string) => {
      if (texts[key] === undefined) problems.add(doc, pointer, `text key '${key}' is missing from the catalogue`);
    };
    need('/screen/text', screen.text);
    if (!screen.table) continue;
    need('/screen/table/caption', screen.table.caption);
    screen.table.columns.forEach((k, i) => need(`/screen/table/columns/${i}`, k));
    screen.table.rows.forEach((row, i) => {
      if (row.length !== screen.table!.columns.length) problems.add(doc, `/screen/table/rows/${i}`, `a row holds ${row.length} cells for ${screen.table!.columns.length} columns`);
      row.forEach((k, j) => need(`/screen/table/rows/${i}/${j}`, k));
    });
  }
}

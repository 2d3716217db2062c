import { checkUnique, type CheckModel, type Doc, type ProblemList } from './check-model.js';
import type { NotificationKindSettings } from './notification-schema.js';

/** Notification kinds: unique ids, text keys in the catalogue, routes that exist. */
export function checkNotifications(model: CheckModel, kinds: ReadonlyArray<Doc<NotificationKindSettings>>, texts: Readonly<Record<string, string>>, problems: ProblemList): void {
  checkUnique(kinds, (d) => d.value.id, (d, _i, id) => problems.add(d, '/id', `duplicate notification kind '${id}'`));
  const routes = new Set(model.routes.map((d) => d.value.id));
  for (const doc of kinds) {
    const k = doc.value;
    for (const field of ['subject', 'body', 'linkText'] as const) {
      const key = k[field];
      if (key !== undefined && texts[key] === undefined) problems.add(doc, `/${field}`, `text key '${key}' is missing from the catalogue`);
    }
    if (k.route && !routes.has(k.route.name) && !model.known.routes.has(k.route.name)) problems.add(doc, '/route/name', `notification links to missing route '${k.route.name}'`);
    if (k.linkText !== undefined && !k.route) problems.add(doc, '/linkText', 'a link text needs a route for its button');
  }
}

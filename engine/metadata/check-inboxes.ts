import { checkUnique, type Doc, type ProblemList } from './check-model.js';
import type { Inbox } from './inbox-schema.js';

/**
 * Inboxes: unique ids, text keys in the catalogue, folders and filters once each with None first,
 * what only messages have (Sent, Compose, open actions) only on messages, preview lengths
 * narrowest first ending with the one for any width.
 */
export function checkInboxes(inboxes: ReadonlyArray<Doc<Inbox>>, texts: Readonly<Record<string, string>>, problems: ProblemList): void {
  checkUnique(inboxes, (d) => d.value.id, (d, _i, id) => problems.add(d, '/id', `duplicate inbox id '${id}'`));
  for (const doc of inboxes) {
    const box = doc.value;
    const text = (pointer: string, key: string | undefined) => {
      if (key !== undefined && texts[key] === undefined) problems.add(doc, pointer, `text key '${key}' is missing from the catalogue`);
    };
    text('/instructions', box.instructions);
    text('/emptyText', box.emptyText);
    text('/itemName', box.itemName);
    const messages = box.source === 'messages';
    if (box.compose && !messages) problems.add(doc, '/compose', 'only a messages inbox can compose');
    checkUnique(box.folders, (f) => f.id, (_f, i, id) => problems.add(doc, `/folders/${i}/id`, `folder '${id}' appears twice`));
    box.folders.forEach((f, i) => {
      const at = `/folders/${i}`;
      text(`${at}/label`, f.label);
      if (f.id === 'Sent' && !messages) problems.add(doc, `${at}/id`, 'only a messages inbox has a Sent folder');
      if (f.filters.length > 0 && f.filters[0] !== 'None') problems.add(doc, `${at}/filters`, "the first filter must be 'None' (a folder change resets to it)");
      checkUnique(f.filters, (x) => x, (_x, j, id) => problems.add(doc, `${at}/filters/${j}`, `filter '${id}' appears twice`));
      checkUnique(f.actions, (x) => x, (_x, j, id) => problems.add(doc, `${at}/actions/${j}`, `action '${id}' appears twice`));
      if (f.openActions?.length && !messages) problems.add(doc, `${at}/openActions`, 'only messages have open actions');
      if (f.id === 'Sent' && f.actions.some((a) => a !== 'star' && a !== 'delete')) problems.add(doc, `${at}/actions`, 'sent messages can only be starred or deleted');
      if (f.actions.includes('archive') && f.id !== 'Inbox') problems.add(doc, `${at}/actions`, 'only the Inbox archives');
      if (f.actions.includes('unarchive') && f.id !== 'Archive') problems.add(doc, `${at}/actions`, 'only the Archive moves back to the Inbox');
    });
    box.previewLengths.forEach((p, i) => {
      const last = i === box.previewLengths.length - 1;
      if (last !== (p.maxWidth === undefined)) problems.add(doc, `/previewLengths/${i}/maxWidth`, last ? 'the last preview length is for any width: leave maxWidth out' : 'every preview length but the last needs maxWidth');
      const before = box.previewLengths[i - 1]?.maxWidth;
      if (p.maxWidth !== undefined && before !== undefined && p.maxWidth <= before) problems.add(doc, `/previewLengths/${i}/maxWidth`, 'preview lengths go from the narrowest window to the widest');
    });
  }
}

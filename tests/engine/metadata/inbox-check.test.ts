import { describe, expect, it } from 'vitest';
import { compileMetadata } from '../../../engine/metadata/compile.js';
import { loadMetadataFiles } from '../../../server/metadata/load-metadata.js';
import { mapData, PROJECT_ROOT } from './metadata-fixture.js';

/** metadata/inboxes/ (issue 12): the Messages and Notifications screens compile; mistakes are reported where they are. */
type Box = Record<string, unknown> & { folders: Record<string, unknown>[]; previewLengths: Record<string, unknown>[] };

function compileWith(path: string, edit: (box: Box) => unknown, tenant = 'tn') {
  const { files } = loadMetadataFiles(PROJECT_ROOT, tenant);
  return compileMetadata(mapData(path, (data) => edit(data as Box))(files), tenant);
}
const MESSAGES = 'metadata/inboxes/messages.json';
const NOTIFICATIONS = 'metadata/inboxes/notifications.json';

describe('inbox metadata', () => {
  it.each(['tn', 'al', 'jh'])('compiles for %s: the routes open the two inboxes the spec describes', (tenant) => {
    const { registry, problems } = compileMetadata(loadMetadataFiles(PROJECT_ROOT, tenant).files, tenant);
    expect(problems).toEqual([]);
    const messages = registry!.inboxes.get('messages')!;
    const notifications = registry!.inboxes.get('notifications')!;
    expect(messages.folders.map((f) => f.id)).toEqual(['Inbox', 'Archive', 'Sent']);
    expect(notifications.folders.map((f) => f.id)).toEqual(['Inbox', 'Archive']);
    expect(messages.folders.find((f) => f.id === 'Sent')).toMatchObject({ filters: [], actions: [], markReadOnOpen: false });
    expect([messages.pageSize, notifications.pageSize]).toEqual([5, 5]);
    expect(messages.previewLengths).toEqual([{ maxWidth: 992, length: 100 }, { maxWidth: 1400, length: 180 }, { length: 250 }]);
    expect(registry!.texts[messages.emptyText]).toBe('No Messages');
    expect(registry!.texts[notifications.emptyText]).toBe('No Notifications');
    const screens = Object.fromEntries(registry!.routes.filter((r) => r.screen?.kind === 'inbox').map((r) => [r.id, r.screen]));
    expect(screens).toEqual({ messaging: { kind: 'inbox', inbox: 'messages' }, notifications: { kind: 'inbox', inbox: 'notifications' } });
  });

  it.each([
    ['a missing text', MESSAGES, (b: Box) => ({ ...b, emptyText: 'messages.nope' }), '/emptyText', "text key 'messages.nope' is missing from the catalogue"],
    ['a folder twice', MESSAGES, (b: Box) => ({ ...b, folders: [...b.folders, b.folders[0]] }), '/folders/3/id', "folder 'Inbox' appears twice"],
    ['a first filter other than None', MESSAGES, (b: Box) => { b.folders[0]!.filters = ['Unread', 'None']; return b; }, '/folders/0/filters', "the first filter must be 'None' (a folder change resets to it)"],
    ['archive outside the Inbox', MESSAGES, (b: Box) => { b.folders[1]!.actions = ['archive']; return b; }, '/folders/1/actions', 'only the Inbox archives'],
    ['a read action in Sent', MESSAGES, (b: Box) => { b.folders[2]!.actions = ['markRead']; return b; }, '/folders/2/actions', 'sent messages can only be starred or deleted'],
    ['preview lengths out of order', MESSAGES, (b: Box) => ({ ...b, previewLengths: [{ maxWidth: 1400, length: 180 }, { maxWidth: 992, length: 100 }, { length: 250 }] }), '/previewLengths/1/maxWidth', 'preview lengths go from the narrowest window to the widest'],
    ['a last preview length with a width', MESSAGES, (b: Box) => ({ ...b, previewLengths: [{ maxWidth: 992, length: 100 }] }), '/previewLengths/0/maxWidth', 'the last preview length is for any width: leave maxWidth out'],
    ['compose on notifications', NOTIFICATIONS, (b: Box) => ({ ...b, compose: true }), '/compose', 'only a messages inbox can compose'],
    ['a Sent folder of notifications', NOTIFICATIONS, (b: Box) => ({ ...b, folders: [...b.folders, { id: 'Sent', label: 'inbox.folder.sent', filters: [], actions: [], markReadOnOpen: false }] }), '/folders/2/id', 'only a messages inbox has a Sent folder'],
    ['reply on notifications', NOTIFICATIONS, (b: Box) => { b.folders[0]!.openActions = ['reply']; return b; }, '/folders/0/openActions', 'only messages have open actions'],
  ])('reports %s', (_name, path, edit, pointer, message) => {
    const { registry, problems } = compileWith(path, edit);
    expect(registry).toBeNull();
    expect(problems).toContainEqual({ file: path, pointer, message });
  });

  it('refuses an unknown action or source by schema, and a route naming a missing inbox', () => {
    const bad = compileWith(MESSAGES, (b) => { b.folders[0]!.actions = ['shred']; return b; });
    expect(bad.registry).toBeNull();
    expect(bad.problems[0]).toMatchObject({ file: MESSAGES });
    const { files } = loadMetadataFiles(PROJECT_ROOT, 'tn');
    const edited = mapData('metadata/routes.json', (routes) => (routes as { id: string; screen?: unknown }[]).map((r) => (r.id === 'messaging' ? { ...r, screen: { kind: 'inbox', inbox: 'mail' } } : r)))(files);
    const result = compileMetadata(edited, 'tn');
    expect(result.registry).toBeNull();
    expect(result.problems.map((p) => p.message)).toContain("route screen names missing inbox 'mail'");
  });
});

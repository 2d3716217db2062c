import { describe, expect, it } from 'vitest';
import { compileMetadata } from '../../../engine/metadata/compile.js';
import { loadMetadataFiles } from '../../../server/metadata/load-metadata.js';
import { mapData, PROJECT_ROOT } from './metadata-fixture.js';

/** messaging.json (issue 12): the project's files compile per tenant; mistakes are reported where they are. */
function compileWith(edit: (data: unknown) => unknown, tenant = 'tn') {
  const { files } = loadMetadataFiles(PROJECT_ROOT, tenant);
  return compileMetadata(mapData('metadata/messaging.json', edit)(files), tenant);
}
type Groups = { groups: Record<string, unknown>[] } & Record<string, unknown>;

describe('messaging metadata', () => {
  it('compiles per tenant: 350 may message and has ALL-250 / ALL-350 only in al', () => {
    for (const tenant of ['tn', 'al', 'jh']) {
      const { registry, problems } = compileMetadata(loadMetadataFiles(PROJECT_ROOT, tenant).files, tenant);
      expect(problems).toEqual([]);
      const m = registry!.messaging;
      expect(m.senderRoles.includes('350')).toBe(tenant === 'al');
      expect(m.senderRoles.some((r) => r === '300' || r === '375')).toBe(false);
      expect(m.groups.some((g) => g.id === 'ALL-250' || g.id === 'ALL-350')).toBe(tenant === 'al');
    }
  });

  it('reports a duplicate group, a missing label text, an unknown education level and a bad role', () => {
    const { registry, problems } = compileWith((data) => {
      const d = data as Groups;
      d.groups.push({ ...d.groups[0]!, label: 'messages.group.nope' });
      d.groups[1]!.recipients = { roles: ['100'], highestEducation: 'Kindergarten' };
      return d;
    });
    expect(registry).toBeNull();
    expect(problems.map((p) => p.message)).toEqual(expect.arrayContaining([
      "duplicate group id 'ALL-100'", "text key 'messages.group.nope' is missing from the catalogue", "'Kindergarten' is not one of educationLevels",
    ]));
    const bad = compileWith((data) => ({ ...(data as Groups), senderRoles: ['999'] }));
    expect(bad.registry).toBeNull();
    expect(bad.problems[0]).toMatchObject({ file: 'metadata/messaging.json' });
  });
});

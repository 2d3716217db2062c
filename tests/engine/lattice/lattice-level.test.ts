import { describe, expect, it } from 'vitest';
import { claimAbove, educationRank, latticeStanding, levelNumber, missingSentence, NO_FACTS, type LatticeFacts } from '../../../engine/lattice/lattice-level.js';
import { loadRegistry } from '../../../server/metadata/load-metadata.js';
import { PROJECT_ROOT } from '../metadata/metadata-fixture.js';

const registry = loadRegistry(PROJECT_ROOT, 'al').registry!;
const lattice = registry.lattice!;
const rank = (level: string) => educationRank(lattice, [level]);
const facts = (f: Partial<LatticeFacts>): LatticeFacts => ({ ...NO_FACTS, ...f });

const HS = rank('High School Diploma or GED');
const CDA = 'child development associate (cda)';

/** The al lattice (tenants/al/career-lattice.json): each level, its boundary, and what the next one asks. */
const CASES: { name: string; facts: LatticeFacts; level: number | null; missing: string[] }[] = [
  { name: 'nothing verified', facts: NO_FACTS, level: null, missing: ['hours'] },
  { name: '7.5 hours: one below Level 1', facts: facts({ cycleHours: 7.5 }), level: null, missing: ['hours'] },
  { name: '8 hours exactly: Level 1', facts: facts({ cycleHours: 8 }), level: 1, missing: ['hours', 'highSchool'] },
  { name: '12 hours without a diploma: Level 1', facts: facts({ cycleHours: 12 }), level: 1, missing: ['highSchool'] },
  { name: '12 hours and a diploma: Level 2', facts: facts({ cycleHours: 12, educationRank: HS }), level: 2, missing: ['hours'] },
  { name: '19.99 hours and a diploma: Level 2', facts: facts({ cycleHours: 19.99, educationRank: HS }), level: 2, missing: ['hours'] },
  { name: '20 hours and a diploma: Level 3', facts: facts({ cycleHours: 20, educationRank: HS }), level: 3, missing: ['cdaOrCertificate'] },
  { name: 'a CDA: Level 4', facts: facts({ cycleHours: 20, educationRank: HS, credentials: [CDA] }), level: 4, missing: ['associate'] },
  { name: 'a technical certificate: Level 4', facts: facts({ cycleHours: 20, educationRank: rank('Technical Certificate') }), level: 4, missing: ['associate'] },
  { name: 'an associate degree: Level 5', facts: facts({ cycleHours: 20, educationRank: rank("Associate's Degree") }), level: 5, missing: ['bachelor'] },
  { name: 'a bachelor degree: Level 6', facts: facts({ cycleHours: 20, educationRank: rank("Bachelor's Degree") }), level: 6, missing: ['directorCredential'] },
  { name: 'a bachelor degree and a director credential: Level 7', facts: facts({ cycleHours: 20, educationRank: rank("Bachelor's Degree"), credentials: ['early childhood director credential'] }), level: 7, missing: ['graduate'] },
  { name: 'a master degree without a director credential: Level 6 (levels are climbed in order)', facts: facts({ cycleHours: 20, educationRank: rank("Master's Degree") }), level: 6, missing: ['directorCredential'] },
  { name: 'a master degree and a director credential: Level 8', facts: facts({ cycleHours: 25, educationRank: rank("Master's Degree"), credentials: ['director credential'] }), level: 8, missing: [] },
  { name: 'a doctorate but 19 hours: Level 2', facts: facts({ cycleHours: 19, educationRank: rank('Doctoral Degree'), credentials: ['director credential'] }), level: 2, missing: ['hours'] },
];

describe('the level verified facts reach (al lattice)', () => {
  it('has eight levels', () => {
    expect(lattice.levels.map((l) => l.name)).toEqual(['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Level 5', 'Level 6', 'Level 7', 'Level 8']);
  });

  it.each(CASES)('$name', ({ facts: f, level, missing }) => {
    const s = latticeStanding(lattice, f);
    expect(s.level?.id ?? null).toBe(level);
    expect(s.next?.id ?? null).toBe(level === 8 ? null : (level ?? 0) + 1);
    expect(s.missing.map((m) => m.id)).toEqual(missing);
  });

  it('every unmet requirement reads as a sentence from the catalogue, numbers filled in', () => {
    const s = latticeStanding(lattice, facts({ cycleHours: 5 }));
    expect(s.missing.map((m) => missingSentence(registry.texts[m.text]!, m))).toEqual(['Complete at least 8 hours of verified training in the current cycle (you have 5).']);
  });

  it.each([
    ['Level 5', 3, true], ['Level 3', 3, false], ['Level 2', 3, false], ['Level 1', null, true], [null, 2, false], ['', 2, false],
  ] as const)('a claim of %s over computed level %s is flagged: %s', (claimed, computed, flagged) => {
    const level = computed === null ? null : lattice.levels.find((l) => l.id === computed)!;
    expect(claimAbove(lattice, claimed, level)).toBe(flagged);
  });

  it('reads a level number from its name; the highest of several education levels counts', () => {
    expect(levelNumber(lattice, 'Level 7')).toBe(7);
    expect(educationRank(lattice, ['Some College', "Bachelor's Degree", 'High School Diploma or GED'])).toBe(rank("Bachelor's Degree"));
    expect(educationRank(lattice, ['Unknown'])).toBe(0);
  });

  it.each(['tn', 'jh'])('%s has no lattice', (tenant) => {
    expect(loadRegistry(PROJECT_ROOT, tenant).registry!.lattice).toBeNull();
  });
});

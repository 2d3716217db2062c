import type { Lattice, LatticeLevel } from '../metadata/lattice-schema.js';
import { factsHold } from '../rules/json-logic.js';

/** What a person's verified, enabled records say (gathered in server/data/lattice-facts-store.ts). */
export interface LatticeFacts {
  /** 1-based place of the highest verified education level in the lattice's list; 0: none */
  educationRank: number;
  /** names of the verified credentials held */
  credentials: string[];
  /** verified training hours dated in the current QRIS cycle */
  cycleHours: number;
}

export const NO_FACTS: LatticeFacts = { educationRank: 0, credentials: [], cycleHours: 0 };

/** One unmet requirement: its text key and the numbers its sentence names. */
export interface MissingRequirement {
  id: string;
  text: string;
  need: number | null;
  hours: number;
}

export interface LatticeStanding {
  /** the highest level reached (every level up to it met), null: none */
  level: LatticeLevel | null;
  /** the level after it, null when the top is reached */
  next: LatticeLevel | null;
  /** the next level's requirements not met yet, in metadata order */
  missing: MissingRequirement[];
}

function unmet(level: LatticeLevel, facts: LatticeFacts): MissingRequirement[] {
  const data = { ...facts };
  return level.requirements
    .filter((r) => !factsHold(r.when, data))
    .map((r) => ({ id: r.id, text: r.missing, need: r.need ?? null, hours: facts.cycleHours }));
}

/** The level a person's facts reach: levels are climbed in order, each needing all its requirements. */
export function latticeStanding(lattice: Lattice, facts: LatticeFacts): LatticeStanding {
  let reached: LatticeLevel | null = null;
  for (const level of [...lattice.levels].sort((a, b) => a.id - b.id)) {
    const missing = unmet(level, facts);
    if (missing.length > 0) return { level: reached, next: level, missing };
    reached = level;
  }
  return { level: reached, next: null, missing: [] };
}

/** The 1-based rank of the highest of the levels named (0: none of the lattice's levels). */
export function educationRank(lattice: Lattice, levels: readonly string[]): number {
  return levels.reduce((best, l) => Math.max(best, lattice.education.levels.indexOf(l) + 1), 0);
}

/** The level number of a level name ("Level 5" → 5; the lattice's id of that name, else its last character). */
export function levelNumber(lattice: Lattice, name: unknown): number | null {
  if (typeof name !== 'string' || name === '') return null;
  const level = lattice.levels.find((l) => l.name === name);
  if (level) return level.id;
  const last = Number(name.slice(-1));
  return Number.isInteger(last) && last > 0 ? last : null;
}

/** A claimed level above the computed one (the reviewer's flag). */
export function claimAbove(lattice: Lattice, claimed: unknown, computed: LatticeLevel | null): boolean {
  const n = levelNumber(lattice, claimed);
  return n !== null && n > (computed?.id ?? 0);
}

/** A missing sentence with its numbers: {need} and {hours}. */
export function missingSentence(template: string, m: MissingRequirement): string {
  return template.replaceAll('{need}', m.need === null ? '' : String(m.need)).replaceAll('{hours}', String(m.hours));
}

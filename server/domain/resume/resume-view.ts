import type { ResumeSection } from '../../../engine/metadata/resume-schema.js';
import { itemDescription, itemLines, offeredInSection, type ItemLines } from '../../../engine/records/resume-items.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { ownedRows, type ResumeRow } from '../../data/resume-store.js';

/** The sections of a generated resume as the editor and the PDF read them: the person's own records offered in each. */

export const RESUME_ENTITY = 10;
export const RESUME_FEATURE = 'Resume';

export const text = (ctx: AppContext, key: string, fallback: string): string => ctx.registry.texts[key] ?? fallback;
const present = (ctx: AppContext): string => text(ctx, 'resume.pdf.present', 'Present');

export interface OfferedSection {
  section: ResumeSection;
  rows: Array<Record<string, unknown>>;
}

/** The tenant's sections with the owner's records offered in each (enabled, of the owner, as the section's rule allows). */
export async function offeredSections(ctx: AppContext, context: RuleContext, ownerId: number): Promise<OfferedSection[]> {
  const out: OfferedSection[] = [];
  for (const section of ctx.registry.resumeSections) {
    const entity = ctx.registry.entities.get(section.entityTypeId);
    if (!entity) continue;
    const rows = (await ownedRows(ctx.db, entity, ownerId)).filter((row) => offeredInSection(section, row, context));
    out.push({ section, rows });
  }
  return out;
}

/** The ids offered per section id. */
export const offeredIds = (sections: readonly OfferedSection[]): Map<string, Set<number>> =>
  new Map(sections.map((s) => [s.section.id, new Set(s.rows.map((r) => Number(r.id)))]));

export interface ViewItem { id: number; description: string; isSelected: boolean }
export interface ViewSection { id: string; heading: string; idsKey: string; max: number | null; items: ViewItem[] }

/** GET /generatedResume/viewFields: each section with its items and whether each is chosen. */
export function viewSections(ctx: AppContext, sections: readonly OfferedSection[], resume: ResumeRow): ViewSection[] {
  const tz = ctx.registry.tenant.timeZone;
  return sections.map(({ section, rows }) => {
    const chosen = new Set(resume.selection[section.idsKey] ?? []);
    return {
      id: section.id, heading: text(ctx, section.heading, section.id), idsKey: section.idsKey, max: section.max ?? null,
      items: rows.map((row) => ({ id: Number(row.id), description: itemDescription(section, row, tz, present(ctx)), isSelected: chosen.has(Number(row.id)) })),
    };
  });
}

/** The PDF's sections: only the chosen items, in the sections' and the records' order. */
export function printedSections(ctx: AppContext, sections: readonly OfferedSection[], selection: Readonly<Record<string, number[]>>): Array<{ heading: string; items: ItemLines[] }> {
  const tz = ctx.registry.tenant.timeZone;
  return sections.map(({ section, rows }) => {
    const chosen = new Set(selection[section.idsKey] ?? []);
    return { heading: text(ctx, section.heading, section.id), items: rows.filter((r) => chosen.has(Number(r.id))).map((r) => itemLines(section, r, tz, present(ctx))) };
  });
}

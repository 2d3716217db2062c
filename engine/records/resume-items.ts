import type { ResumeSection } from '../metadata/resume-schema.js';
import { ruleHolds } from '../rules/json-logic.js';
import type { RuleContext } from '../rules/rule-context.js';
import { formatDate } from '../text/format.js';

/** How one record reads on a generated resume (metadata/resume.json): pure, shared by the editor's list and the PDF. */

type Row = Readonly<Record<string, unknown>>;

const textOf = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
const joined = (row: Row, fields: readonly string[] | undefined, separator: string): string =>
  (fields ?? []).map((f) => textOf(row[f])).filter((t) => t !== '').join(separator);

/** The item's dates as 'MM/DD/YYYY - MM/DD/YYYY' (an open end: '- Present'), '' without a start. */
export function itemDates(section: ResumeSection, row: Row, timeZone: string, present: string): string {
  if (!section.dates) return '';
  const start = textOf(row[section.dates.start]);
  if (!start) return '';
  const end = section.dates.end ? textOf(row[section.dates.end]) : '';
  const from = formatDate(start, timeZone);
  if (!section.dates.end) return from;
  return `${from} - ${end ? formatDate(end, timeZone) : present}`;
}

/** The item's title: its title fields joined by ', ' (empty ones left out). */
export const itemTitle = (section: ResumeSection, row: Row): string => joined(row, section.title, ', ');

/** The one-line description the editor shows beside the Include? switch: the title, then the dates in brackets. */
export function itemDescription(section: ResumeSection, row: Row, timeZone: string, present: string): string {
  const dates = itemDates(section, row, timeZone, present);
  const title = itemTitle(section, row) || `#${textOf(row.id)}`;
  return dates ? `${title} (${dates})` : title;
}

/** What the PDF prints for an item: title, dates, detail line and long text. */
export interface ItemLines { title: string; dates: string; detail: string; text: string }

export function itemLines(section: ResumeSection, row: Row, timeZone: string, present: string): ItemLines {
  return {
    title: itemTitle(section, row) || `#${textOf(row.id)}`,
    dates: itemDates(section, row, timeZone, present),
    detail: joined(row, section.detail, ' | '),
    text: section.text ? textOf(row[section.text]) : '',
  };
}

/** Whether a record of the person is offered in the section (its `itemsWhen` rule over the row; none: every enabled record). */
export function offeredInSection(section: ResumeSection, row: Row, context: RuleContext): boolean {
  return row.disabled !== true && ruleHolds(section.itemsWhen, { ...context, row }, true);
}

/** The ids chosen per section (the idsList of the save payload), by the section's idsKey. */
export type IdsList = Record<string, number[]>;

/**
 * The first problem of a chosen ids list, or null: ids not offered in their section (another
 * person's, another record type's, a disabled one) and more than a section's maximum.
 */
export function idsListProblem(sections: readonly ResumeSection[], offered: ReadonlyMap<string, ReadonlySet<number>>, ids: IdsList, maxText: (max: number) => string): { key: string; message: string } | null {
  for (const key of Object.keys(ids)) {
    if (!sections.some((s) => s.idsKey === key)) return { key, message: `${key} is not a section of this resume.` };
  }
  for (const s of sections) {
    const chosen = ids[s.idsKey] ?? [];
    const mine = offered.get(s.id) ?? new Set<number>();
    if (new Set(chosen).size !== chosen.length) return { key: s.idsKey, message: `${s.idsKey} names a record twice.` };
    const foreign = chosen.filter((id) => !mine.has(id));
    if (foreign.length > 0) return { key: s.idsKey, message: `${s.idsKey}: record ${foreign.join(', ')} is not one of your records of this section.` };
    if (s.max !== undefined && chosen.length > s.max) return { key: s.idsKey, message: maxText(s.max) };
  }
  return null;
}

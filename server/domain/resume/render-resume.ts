import type { ItemLines } from '../../../engine/records/resume-items.js';
import { renderPdfDocument, type Pdf } from '../pdf-document.js';

/** What a generated resume prints: the person, then each section holding included items. */
export interface ResumeDocument {
  title: string;
  productName: string;
  person: { name: string; contact: string[] };
  description: string;
  sections: Array<{ heading: string; items: ItemLines[] }>;
}

const INK = '#1b1b1b';
const MUTED = '#565c65';
const RULE = '#005ea2';

function heading(doc: Pdf, r: ResumeDocument): void {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(r.person.name, { align: 'left' });
  if (r.person.contact.length > 0) doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor(MUTED).text(r.person.contact.join('  |  '));
  if (r.description) doc.moveDown(0.5).font('Helvetica-Oblique').fontSize(11).fillColor(INK).text(r.description);
  doc.moveDown(0.6);
}

function sectionHeading(doc: Pdf, text: string): void {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc.moveDown(0.4).fillColor(RULE).font('Helvetica-Bold').fontSize(13).text(text.toUpperCase(), left, doc.y, { characterSpacing: 0.5 });
  const y = doc.y + 2;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(RULE).stroke();
  doc.y = y + 6;
}

function item(doc: Pdf, i: ItemLines): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  if (doc.y > doc.page.height - doc.page.margins.bottom - 50) doc.addPage();
  const y = doc.y;
  const datesWidth = i.dates ? 170 : 0;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(i.title, left, y, { width: width - datesWidth - 8 });
  const after = doc.y;
  if (i.dates) doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(i.dates, left + width - datesWidth, y + 1, { width: datesWidth, align: 'right' });
  doc.x = left;
  doc.y = Math.max(after, doc.y);
  if (i.detail) doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(i.detail, left, doc.y, { width });
  if (i.text) doc.moveDown(0.1).font('Helvetica').fontSize(10).fillColor(INK).text(i.text, left, doc.y, { width });
  doc.moveDown(0.5);
}

/** The resume as a letter-size PDF: name and contact heading, then each section with its items and dates. */
export function renderResume(r: ResumeDocument): Promise<Buffer> {
  return renderPdfDocument({ size: 'LETTER', margin: 54, info: { Title: `${r.title}: ${r.person.name}`, Author: r.productName } }, (doc) => {
    heading(doc, r);
    for (const s of r.sections) {
      if (s.items.length === 0) continue;
      sectionHeading(doc, s.heading);
      for (const i of s.items) item(doc, i);
    }
  });
}

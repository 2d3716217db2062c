import { drawTable, renderPdfDocument } from '../pdf-document.js';

export interface TrainingReportContent {
  productName: string;
  title: string;
  person: { name: string; idLabel: string; registryId: string; email: string };
  organizationName: string;
  /** as shown: start and the displayed (inclusive) end */
  period: { start: string; end: string };
  generatedAt: string;
  columns: string[];
  rows: string[][];
  totalHours: string;
}

/** The Training Report as a PDF: who, where, which period, the training in it and the total hours. */
export function renderTrainingReport(c: TrainingReportContent): Promise<Buffer> {
  return renderPdfDocument({ size: 'LETTER', margin: 48, info: { Title: c.title, Author: c.productName } }, (doc) => {
    const usable = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const fact = (label: string, value: string) => doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    doc.font('Helvetica-Bold').fontSize(16).text(c.productName);
    doc.font('Helvetica-Bold').fontSize(13).text(c.title);
    doc.moveDown(0.5);
    fact('Name', c.person.name);
    fact(c.person.idLabel, c.person.registryId);
    fact('Email', c.person.email);
    fact('Organization', c.organizationName);
    fact('Period', `${c.period.start} to ${c.period.end}`);
    fact('Generated', c.generatedAt);
    doc.moveDown(0.8);
    // the training title gets the widest column
    drawTable(doc, c.columns, c.rows, c.columns.map((_, i) => (i === 0 ? usable * 0.4 : (usable * 0.6) / Math.max(c.columns.length - 1, 1))));
    if (c.rows.length === 0) doc.font('Helvetica').fontSize(10).text('No training is recorded in this period.');
    doc.moveDown(0.8);
    doc.x = doc.page.margins.left;
    fact('Total hours', c.totalHours);
  });
}

import PDFDocument from 'pdfkit';

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
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 48, info: { Title: c.title, Author: c.productName } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = doc.page.margins.left;
    const usable = doc.page.width - left - doc.page.margins.right;
    doc.font('Helvetica-Bold').fontSize(16).text(c.productName);
    doc.font('Helvetica-Bold').fontSize(13).text(c.title);
    doc.moveDown(0.5);
    const fact = (label: string, value: string) => doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    fact('Name', c.person.name);
    fact(c.person.idLabel, c.person.registryId);
    fact('Email', c.person.email);
    fact('Organization', c.organizationName);
    fact('Period', `${c.period.start} to ${c.period.end}`);
    fact('Generated', c.generatedAt);
    doc.moveDown(0.8);

    const widths = c.columns.map((_, i) => (i === 0 ? usable * 0.4 : (usable * 0.6) / Math.max(c.columns.length - 1, 1)));
    const line = (cells: string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - 6 })), 12) + 4;
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        if (!bold) line(c.columns, true);
      }
      const y = doc.y;
      let x = left;
      cells.forEach((cell, i) => { doc.text(cell, x, y, { width: widths[i]! - 6 }); x += widths[i]!; });
      doc.x = left;
      doc.y = y + height;
    };
    line(c.columns, true);
    if (c.rows.length === 0) doc.font('Helvetica').fontSize(10).text('No training is recorded in this period.');
    for (const r of c.rows) line(r, false);
    doc.moveDown(0.8);
    doc.x = left;
    fact('Total hours', c.totalHours);
    doc.end();
  });
}

import { drawTable, renderPdfDocument } from './pdf-document.js';

/** A landscape table of the rows, repeating the header on every page. */
export function renderPdf(title: string, headers: string[], rows: string[][]): Promise<Buffer> {
  return renderPdfDocument({ size: 'LETTER', layout: 'landscape', margin: 36, info: { Title: title } }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(14).text(title);
    doc.moveDown(0.5);
    drawTable(doc, headers, rows);
    if (rows.length === 0) doc.font('Helvetica').fontSize(10).text('No Data to Display');
  });
}

import PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

/** Builds a PDF with `draw` and answers its bytes. */
export function renderPdfDocument(options: PDFKit.PDFDocumentOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/**
 * A table from the current position: the header row in bold, then the rows; a row that does not
 * fit starts a new page, which repeats the header. `widths` per column (default: equal).
 */
export function drawTable(doc: Pdf, headers: string[], rows: string[][], widths?: number[]): void {
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const columnWidths = widths ?? headers.map(() => usable / Math.max(headers.length, 1));
  const line = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: columnWidths[i]! - 6 })), 12) + 4;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold) line(headers, true);
    }
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => { doc.text(c, x, y, { width: columnWidths[i]! - 6 }); x += columnWidths[i]!; });
    doc.x = left;
    doc.y = y + height;
  };
  line(headers, true);
  for (const r of rows) line(r, false);
}

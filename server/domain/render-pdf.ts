import PDFDocument from 'pdfkit';

/** A landscape table of the rows, repeating the header on every page. */
export function renderPdf(title: string, headers: string[], rows: string[][]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 36, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = doc.page.margins.left;
    const width = (doc.page.width - left - doc.page.margins.right) / Math.max(headers.length, 1);
    const line = (cells: string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const height = Math.max(...cells.map((c) => doc.heightOfString(c || ' ', { width: width - 6 })), 12) + 4;
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        if (!bold) line(headers, true);
      }
      const y = doc.y;
      cells.forEach((c, i) => doc.text(c, left + i * width, y, { width: width - 6 }));
      doc.x = left;
      doc.y = y + height;
    };
    doc.font('Helvetica-Bold').fontSize(14).text(title);
    doc.moveDown(0.5);
    line(headers, true);
    for (const r of rows) line(r, false);
    if (rows.length === 0) doc.font('Helvetica').fontSize(10).text('No Data to Display');
    doc.end();
  });
}

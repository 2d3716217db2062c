import { renderPdfDocument } from '../pdf-document.js';

/** What a certificate says (issue 14 item 6). */
export interface CertificateContent {
  title: string;
  intro: string;
  personName: string;
  lines: [label: string, value: string][];
  checkText: string;
  code: string;
  /** the public check page; the printed link opens it with the code filled in */
  checkAddress: string;
  productName: string;
}

/** A one-page landscape certificate of completion. */
export function renderCertificate(c: CertificateContent): Promise<Buffer> {
  return renderPdfDocument({ size: 'LETTER', layout: 'landscape', margin: 60, compress: false, info: { Title: `${c.title} - ${c.personName}`, Author: c.productName } }, (doc) => {
    const width = doc.page.width - 120;
    doc.lineWidth(3).rect(30, 30, doc.page.width - 60, doc.page.height - 60).stroke('#1a4480');
    doc.fillColor('#1b1b1b').font('Helvetica-Bold').fontSize(30).text(c.title, 60, 80, { width, align: 'center' });
    doc.moveDown(0.8).font('Helvetica').fontSize(14).text(c.intro, { width, align: 'center' });
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(26).text(c.personName, { width, align: 'center' });
    doc.moveDown(1);
    // label and value side by side about the page's middle: the label right-aligned, the value
    // left-aligned and wrapping in its own column (centred run-on text put them on top of each other)
    const gap = 12;
    const labelWidth = width * 0.36;
    const valueX = 60 + labelWidth + gap;
    const valueWidth = width - labelWidth - gap;
    doc.fontSize(13);
    for (const [label, value] of c.lines) {
      const y = doc.y;
      doc.font('Helvetica-Bold').text(`${label}:`, 60, y, { width: labelWidth, align: 'right' });
      const labelBottom = doc.y;
      doc.font('Helvetica').text(value, valueX, y, { width: valueWidth, align: 'left' });
      doc.y = Math.max(labelBottom, doc.y) + 4;
    }
    doc.x = 60;
    doc.moveDown(1.5).font('Helvetica').fontSize(11).text(c.checkText, 60, doc.y, { width, align: 'center' });
    doc.font('Helvetica-Bold').fontSize(16).text(c.code, { width, align: 'center' });
    doc.font('Helvetica').fontSize(11).fillColor('#1a4480').text(c.checkAddress, { width, align: 'center', link: `${c.checkAddress}?code=${encodeURIComponent(c.code)}` });
    doc.fillColor('#1b1b1b').fontSize(10).text(c.productName, 60, doc.page.height - 90, { width, align: 'center' });
  });
}

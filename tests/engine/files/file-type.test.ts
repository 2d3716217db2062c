import { describe, expect, it } from 'vitest';
import { detectFileType, zipEntryNames, type FileKind } from '../../../engine/files/file-type.js';
import { contentDisposition, cleanFileName, fileNameFromDisposition } from '../../../engine/files/file-name.js';
import { formatFileSize } from '../../../engine/files/file-size.js';
import * as sample from '../../support/file-samples.js';

describe('file types are decided by their bytes (spec part 2 section 5)', () => {
  it.each<[string, () => Uint8Array, FileKind, string]>([
    ['PDF', sample.pdf, 'pdf', 'application/pdf'],
    ['Word 97-2003 (OLE2 with a WordDocument stream)', sample.doc, 'doc', 'application/msword'],
    ['Word docx (zip with [Content_Types].xml and word/)', sample.docx, 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['BMP', sample.bmp, 'bmp', 'image/bmp'],
    ['HEIC (major brand heic)', sample.heic, 'heic', 'image/heic'],
    ['HEIF (mif1) carrying heic', sample.heifWithHeic, 'heic', 'image/heic'],
    ['JPEG', sample.jpeg, 'jpeg', 'image/jpeg'],
    ['progressive JPEG (pjpeg)', sample.pjpeg, 'jpeg', 'image/jpeg'],
    ['PNG', sample.png, 'png', 'image/png'],
    ['TIFF little-endian', sample.tiffLittle, 'tiff', 'image/tiff'],
    ['TIFF big-endian', sample.tiffBig, 'tiff', 'image/tiff'],
    ['WEBP', sample.webp, 'webp', 'image/webp'],
  ])('accepts %s', (_name, make, kind, contentType) => {
    expect(detectFileType(make())).toEqual({ kind, contentType });
  });

  it.each<[string, () => Uint8Array]>([
    ['a Windows executable', sample.exe],
    ['an Excel 97-2003 file (OLE2 without WordDocument)', sample.xls],
    ['an Excel xlsx (zip without word/)', sample.xlsx],
    ['a plain zip with a word/ folder but no [Content_Types].xml', sample.plainZip],
    ['a GIF', sample.gif],
    ['AVIF (HEIF container, not HEIC)', sample.avif],
    ['an MP4 video', sample.mp4],
    ['HTML', sample.html],
    ['SVG', sample.svg],
    ['an empty file', () => new Uint8Array()],
    ['"BM" alone', () => new TextEncoder().encode('BM')],
    ['a PDF signature not at the start', () => new TextEncoder().encode(' %PDF-1.4')],
    ['a truncated zip header', () => Uint8Array.from([0x50, 0x4b, 0x03, 0x04])],
  ])('refuses %s', (_name, make) => {
    expect(detectFileType(make())).toBeNull();
  });

  it('reads zip entry names from the central directory', () => {
    expect(zipEntryNames(sample.docx())).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(zipEntryNames(sample.pdf())).toEqual([]);
  });
});

describe('file names', () => {
  it.each([
    ['transcript.pdf', 'transcript.pdf'],
    ['C:\\Users\\pat\\My Documents\\diploma.pdf', 'diploma.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['  spaced  .png ', 'spaced  .png'],
    ['bad\u0000\nname\r.pdf', 'badname.pdf'],
    ['', 'file'],
    ['..', 'file'],
    ['dir/', 'file'],
    ['Résumé – été.docx', 'Résumé – été.docx'],
  ])('%j is kept as %j', (raw, kept) => {
    expect(cleanFileName(raw)).toBe(kept);
  });

  it('shortens a long name to 255 characters, keeping the extension', () => {
    const kept = cleanFileName(`${'a'.repeat(300)}.pdf`);
    expect([...kept]).toHaveLength(255);
    expect(kept.endsWith('.pdf')).toBe(true);
  });

  it.each([
    ['diploma.pdf', 'attachment', `attachment; filename="diploma.pdf"; filename*=UTF-8''diploma.pdf`],
    ['Résumé (final).docx', 'attachment', `attachment; filename="R_sum_ (final).docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29.docx`],
    ['a"b\\c;d.png', 'inline', `inline; filename="a_b_c;d.png"; filename*=UTF-8''a%22b%5Cc%3Bd.png`],
  ] as const)('header for %j (%s)', (name, disposition, header) => {
    expect(contentDisposition(name, disposition)).toBe(header);
    expect(fileNameFromDisposition(header)).toBe(name);
  });

  it('reads a plain filename when there is no filename*', () => {
    expect(fileNameFromDisposition('attachment; filename="export.csv"')).toBe('export.csv');
    expect(fileNameFromDisposition('attachment; filename=export.csv')).toBe('export.csv');
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
  });
});

describe('file sizes in messages', () => {
  it.each([[10 * 1024 * 1024, '10 MB'], [2.55 * 1024 * 1024, '2.5 MB'], [65_536, '64 KB'], [1500, '1 KB'], [512, '512 bytes']])('%d bytes read %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

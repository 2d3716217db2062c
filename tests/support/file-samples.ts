/**
 * Small real files of every kind the upload accepts or refuses, built byte by byte (no binary
 * fixtures in the repository): the engine's sniffing table, the server tests and the browser test.
 */

const bytes = (...parts: (string | number[] | Uint8Array)[]): Uint8Array => {
  const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
};

const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** A one-page PDF. */
export const pdf = (text = 'Transcript'): Uint8Array => bytes(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n',
  `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
);

/** A 1x1 PNG. */
export const png = (): Uint8Array => Uint8Array.from(Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

export const jpeg = (): Uint8Array => bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
/** progressive JPEG (pjpeg): SOF2 instead of SOF0, still a JPEG */
export const pjpeg = (): Uint8Array => bytes([0xff, 0xd8, 0xff, 0xc2, 0x00, 0x0b, 8, 0, 1, 0, 1, 1, 1, 0x11, 0, 0xff, 0xd9]);
export const bmp = (): Uint8Array => bytes('BM', le32(58), [0, 0, 0, 0], le32(54), le32(40), le32(1), le32(1), le16(1), le16(24), new Array(28).fill(0));
export const tiffLittle = (): Uint8Array => bytes('II*\0', le32(8), [0, 0]);
export const tiffBig = (): Uint8Array => bytes('MM\0*', be32(8), [0, 0]);
export const webp = (): Uint8Array => bytes('RIFF', le32(26), 'WEBPVP8L', le32(10), [0x2f, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const ftyp = (major: string, ...compatible: string[]) => bytes(be32(16 + 4 * compatible.length), 'ftyp', major, [0, 0, 0, 0], ...compatible, be32(8), 'meta');
export const heic = (): Uint8Array => ftyp('heic', 'mif1', 'heic');
export const heifWithHeic = (): Uint8Array => ftyp('mif1', 'mif1', 'heic');
export const avif = (): Uint8Array => ftyp('avif', 'mif1', 'avif');
export const mp4 = (): Uint8Array => ftyp('isom', 'isom', 'mp41');

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const utf16 = (s: string) => [...s].flatMap((c) => [c.charCodeAt(0), 0]);
/** A Word 97-2003 compound file: the OLE2 header and a directory naming the WordDocument stream. */
export const doc = (): Uint8Array => bytes(OLE2, new Array(504).fill(0), utf16('Root Entry'), new Array(44).fill(0), utf16('WordDocument'), [0, 0]);
/** An Excel 97-2003 compound file: OLE2 but not Word. */
export const xls = (): Uint8Array => bytes(OLE2, new Array(504).fill(0), utf16('Root Entry'), new Array(44).fill(0), utf16('Workbook'), [0, 0]);

/** A zip archive with stored (uncompressed) entries and a central directory. */
export function zip(entries: Record<string, string>): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const n = new TextEncoder().encode(name);
    const data = new TextEncoder().encode(content);
    const common = [...le16(20), ...le16(0), ...le16(0), ...le16(0), ...le16(0), ...le32(0), ...le32(data.length), ...le32(data.length), ...le16(n.length), ...le16(0)];
    const local = bytes([0x50, 0x4b, 0x03, 0x04], common, n, data);
    centrals.push(bytes([0x50, 0x4b, 0x01, 0x02], le16(20), common, le16(0), le16(0), le16(0), le32(0), le32(offset), n));
    locals.push(local);
    offset += local.length;
  }
  const central = bytes(...centrals);
  const count = Object.keys(entries).length;
  return bytes(...locals, central, [0x50, 0x4b, 0x05, 0x06], le16(0), le16(0), le16(count), le16(count), le32(central.length), le32(offset), le16(0));
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
export const docx = (): Uint8Array => zip({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' });
export const xlsx = (): Uint8Array => zip({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>' });
export const plainZip = (): Uint8Array => zip({ 'word/readme.txt': 'not an office document' });
/** A Windows executable's header ("MZ" ... "PE"). */
export const exe = (): Uint8Array => bytes('MZ', new Array(58).fill(0), le32(64), 'PE\0\0', new Array(20).fill(0));
export const gif = (): Uint8Array => bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0, 0x3b]);
export const html = (): Uint8Array => bytes('<!doctype html><script>alert(1)</script>');
export const svg = (): Uint8Array => bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

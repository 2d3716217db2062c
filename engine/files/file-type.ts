/**
 * The supported upload types of spec part 2 section 5 (Word, PDF, docx, bmp, heic, jpeg, png,
 * pjpeg, tiff, webp), recognised by the file's bytes (magic numbers), never by its name or the
 * browser's content type. A progressive JPEG (pjpeg) is a JPEG.
 */
export type FileKind = 'pdf' | 'doc' | 'docx' | 'bmp' | 'heic' | 'jpeg' | 'png' | 'tiff' | 'webp';

export interface DetectedType {
  kind: FileKind;
  contentType: string;
}

export const CONTENT_TYPES: Readonly<Record<FileKind, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  bmp: 'image/bmp',
  heic: 'image/heic',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  webp: 'image/webp',
};

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const startsWith = (bytes: Uint8Array, at: number, magic: readonly number[]): boolean =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const u16 = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number): number => (u16(b, at) + u16(b, at + 2) * 0x10000);
const be32 = (b: Uint8Array, at: number): number => (((b[at] ?? 0) * 0x1000000) + (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)));

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
/** the sizes of the BMP info headers (core, v1-v5) */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** "WordDocument" as UTF-16LE: the name of the main stream of a Word 97-2003 compound file. */
const WORD_STREAM = [...'WordDocument'].flatMap((c) => [c.charCodeAt(0), 0]);

function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0];
  for (let i = bytes.indexOf(first!); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first!, i + 1)) {
    if (startsWith(bytes, i, needle)) return true;
  }
  return false;
}

/** The entry names of a zip archive, read from its central directory (empty when it has none). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= min; i -= 1) {
    if (startsWith(bytes, i, [0x50, 0x4b, 0x05, 0x06])) { end = i; break; }
  }
  if (end < 0) return [];
  const count = u16(bytes, end + 10);
  const names: string[] = [];
  let at = u32(bytes, end + 16);
  for (let n = 0; n < count && startsWith(bytes, at, [0x50, 0x4b, 0x01, 0x02]); n += 1) {
    const nameLength = u16(bytes, at + 28);
    names.push(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return names;
}

function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const major = ascii(bytes, 8, 4);
  if (HEIC_BRANDS.has(major)) return true;
  if (!HEIF_BRANDS.has(major)) return false;
  const boxEnd = Math.min(bytes.length, be32(bytes, 0));
  for (let at = 16; at + 4 <= boxEnd; at += 4) if (HEIC_BRANDS.has(ascii(bytes, at, 4))) return true;
  return false;
}

function kindOf(bytes: Uint8Array): FileKind | null {
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(bytes, 0, PNG)) return 'png';
  if (startsWith(bytes, 0, JPEG)) return 'jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*') return 'tiff';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 18 && BMP_HEADER_SIZES.has(u32(bytes, 14))) return 'bmp';
  if (isHeic(bytes)) return 'heic';
  if (startsWith(bytes, 0, OLE2)) return contains(bytes, WORD_STREAM) ? 'doc' : null;
  if (startsWith(bytes, 0, ZIP_LOCAL)) {
    const names = zipEntryNames(bytes);
    return names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/')) ? 'docx' : null;
  }
  return null;
}

/**
 * The supported type of a file from its whole content, or null when it is not one of them (an
 * executable renamed .pdf, a spreadsheet, a zip that is not a Word document, an empty file).
 */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  const kind = kindOf(bytes);
  return kind ? { kind, contentType: CONTENT_TYPES[kind] } : null;
}

/** File choice checks of spec part 5 "File upload" (the upload itself waits for POST /api/file/upload). */

/** Word, PDF, docx, bmp, heic, jpeg, png, pjpeg, tiff, webp. */
const FILE_EXTENSIONS = ['.doc', '.docx', '.pdf', '.bmp', '.heic', '.jpg', '.jpeg', '.jfif', '.pjpeg', '.pjp', '.png', '.tif', '.tiff', '.webp'] as const;

/** The accept attribute of the file input. */
export const FILE_ACCEPT = FILE_EXTENSIONS.join(',');

/** Text keys (metadata/texts/app.json) of the problems a chosen file can have. */
const FILE_TEXT = {
  unsupported: 'file.unsupportedType',
  duplicate: 'file.duplicate',
  onlyOne: 'file.onlyOne',
  tooLarge: 'file.tooLarge',
} as const;
export type FileProblem = (typeof FILE_TEXT)[keyof typeof FILE_TEXT];

/** Whether a file name has one of the supported extensions (case-insensitive). */
export function isSupportedFile(name: string): boolean {
  const lower = name.toLowerCase();
  return FILE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Single and certificate subtypes hold one file; multiple holds a list. */
export function allowsManyFiles(subtype: string | null): boolean {
  return subtype === 'multiple';
}

/**
 * The problem with adding a file to those already held, checked in the order: one file only,
 * unsupported type, too large, duplicate name (case-insensitive). Null when the file may be added.
 */
export function fileProblem(
  file: { name: string; size: number }, held: readonly string[], subtype: string | null, maxBytes: number,
): FileProblem | null {
  const { name } = file;
  if (!allowsManyFiles(subtype) && held.length > 0) return FILE_TEXT.onlyOne;
  if (!isSupportedFile(name)) return FILE_TEXT.unsupported;
  if (file.size > maxBytes) return FILE_TEXT.tooLarge;
  if (held.some((h) => h.toLowerCase() === name.toLowerCase())) return FILE_TEXT.duplicate;
  return null;
}

/** File names as people gave them, made safe to store and to send back in a header. */

const FILE_NAME_MAX = 255;
const FALLBACK_NAME = 'file';

/**
 * The name to keep for an uploaded file: the last path segment (some browsers send a full
 * path), control characters removed, spaces trimmed, at most 255 characters (the extension is
 * kept when shortening). Never empty.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name === '' || name === '.' || name === '..') return FALLBACK_NAME;
  const chars = [...name];
  if (chars.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)].slice(0, 16).join('') : '';
  return chars.slice(0, FILE_NAME_MAX - [...ext].length).join('') + ext;
}

/** The name with anything outside printable ASCII (and quotes, backslashes) replaced by '_'. */
function asciiFallback(name: string): string {
  return [...name].map((c) => (/^[\x20-\x7e]$/.test(c) && c !== '"' && c !== '\\' ? c : '_')).join('');
}

/** RFC 8187 encoding: percent-encoded UTF-8 with the attribute characters left as they are. */
function extValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The Content-Disposition header for a file (RFC 6266): an ASCII `filename` for old clients and
 * the exact name as `filename*`, so no name can break out of the header.
 */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${extValue(name)}`;
}

/** The file name of a Content-Disposition header: `filename*` first, else `filename`; null if none. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const ext = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (ext) {
    try {
      return decodeURIComponent(ext[1]!.trim());
    } catch {
      /* a malformed encoding falls back to the plain name */
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  return plain ? (plain[1] ?? plain[2] ?? '').trim() || null : null;
}

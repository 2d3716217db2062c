/** Cells starting with these would run as formulas in a spreadsheet; they are prefixed with '. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV with a byte-order mark so spreadsheet programs read UTF-8. */
export function renderCsv(headers: string[], rows: string[][]): string {
  return `\uFEFF${[headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/**
 * CSV as RFC 4180 describes it (CRLF line ends, a cell with a comma, quote or
 * line break quoted, quotes doubled), made safe to open in a spreadsheet.
 * Every CSV the admin area exports is written through these two functions.
 */

/**
 * One CSV cell. A leading = + - @ (or tab/CR) gets a single quote first so a
 * spreadsheet shows the text instead of running it as a formula (customers
 * type names, phone numbers and notes that land here).
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV record, ending in CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

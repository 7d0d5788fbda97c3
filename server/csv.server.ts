/**
 * CSV as RFC 4180 describes it (CRLF line ends, a cell with a comma, quote or
 * line break quoted, quotes doubled), made safe to open in a spreadsheet.
 * Every CSV the admin area exports is written through these functions, and
 * each record through `csvRecord`, so every line has the header's width.
 */

/** A first character that makes a spreadsheet read the cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A signed number or phone number ("+61 400 111 222", "-12.50"): only digits,
 * spaces and ( ) . - / after the sign. A spreadsheet may compute it, but it
 * names no function, reference or link, so it can neither run anything nor
 * reach other data: it stays as written, readable.
 */
const SIGNED_NUMBER = /^[+-][\d ().\-/]*\d[\d ().\-/]*$/;

/**
 * One CSV cell. A cell a spreadsheet would run as a formula (a leading
 * = + - @ tab or CR, as OWASP lists them) gets a single quote first so the
 * text is shown instead; customers type names, phone numbers and notes that
 * land here.
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(s) && !SIGNED_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV line (a header, or a record already in column order), ending in CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/**
 * One record of a table with these columns, in their order. A column the
 * record leaves out is an empty cell, so every record is as wide as the
 * header and a strict reader never meets a short line.
 */
export function csvRecord<C extends string>(
  columns: readonly C[],
  record: Partial<Record<C, unknown>>,
): string {
  return csvLine(columns.map((c) => record[c]));
}

/** Reads an exported CSV as a strict reader does: RFC 4180 quoting, and every record as wide as the header. */
import { parse } from "csv-parse/sync";

export function parseStrictCsv(text: string): string[][] {
  return parse(text, {
    bom: true,
    relax_column_count: false,
    relax_quotes: false,
    skip_empty_lines: false,
    record_delimiter: "\r\n",
  }) as string[][];
}

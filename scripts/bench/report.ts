/** The performance table as text: figure | measured | baseline | ratio | target | met?. */

export interface Row {
  figure: string;
  measured: number;
  baseline: number;
  /** measured / baseline */
  ratio: number;
  unit: string;
  /** Decimals shown (default: by unit). */
  digits?: number;
  target: string;
  /** null: reported without a target */
  met: boolean | null;
}

function format(value: number, unit: string, fixed?: number): string {
  if (!Number.isFinite(value)) return "n/a";
  const digits = fixed ?? (unit === "ms" ? 3 : unit === "s" ? 2 : Number.isInteger(value) ? 0 : 1);
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ""}`;
}

export function printTable(rows: Row[], options: { header: string; notes: string[] }) {
  const header = ["figure", "measured", "baseline", "ratio", "target", "met?"];
  const cells = rows.map((r) => [
    r.figure,
    format(r.measured, r.unit, r.digits),
    format(r.baseline, r.unit, r.digits),
    Number.isFinite(r.ratio) ? r.ratio.toFixed(2) : "n/a",
    r.target,
    r.met === null ? "-" : r.met ? "yes" : "NO",
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...cells.map((r) => r[c].length)));
  const line = (v: string[]) => `| ${v.map((s, c) => s.padEnd(widths[c])).join(" | ")} |`;
  const out = [
    "",
    options.header,
    "",
    line(header),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...cells.map(line),
    "",
    ...options.notes.map((n) => `note: ${n}`),
  ];
  process.stdout.write(`${out.join("\n")}\n`);
}

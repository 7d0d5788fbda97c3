/**
 * The Nu Html Checker (the W3C's validator, the vnu-jar package) over a folder
 * of HTML files, in one Java start: the JVM's start-up is most of its cost.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

/**
 * A short-lived JVM: the quick compiler only and the simple collector halve
 * the checker's CPU time for one run over a few dozen files; the quick
 * compiler's deeper stack frames need a larger thread stack than the
 * checker's documented 512k, or its schema evaluation overflows.
 */
const JAVA_FLAGS = ["-Xss16m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];
const CHECKER_FLAGS = ["--format", "json", "--stdout", "--errors-only", "--skip-non-html"];

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
  firstColumn?: number;
}

/**
 * Every error the checker reports for the `.html` files in `dir`, one
 * readable line each ("file:line: message … extract"). Only markup is
 * judged: the checker's CSS grammar predates the stylesheet's syntax
 * (cascade layers, nesting, @property), so its CSS messages say nothing
 * about the page.
 */
export function htmlErrors(dir: string): string[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".html"))
    .map((f) => path.join(dir, f));
  if (files.length === 0) throw new Error(`no HTML files in ${dir}`);
  const run = spawnSync("java", [...JAVA_FLAGS, "-jar", JAR, ...CHECKER_FLAGS, ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
  });
  if (run.error) throw new Error(`the HTML checker did not start (is Java installed?): ${run.error.message}`);
  let report: { messages: VnuMessage[] };
  try {
    report = JSON.parse(run.stdout) as { messages: VnuMessage[] };
  } catch {
    throw new Error(`the HTML checker gave no report (exit ${run.status}):\n${run.stderr}${run.stdout}`);
  }
  return report.messages
    .filter((m) => m.type !== "info")
    .filter((m) => !/^CSS: /.test(m.message))
    .map((m) => {
      const file = path.basename(decodeURIComponent(new URL(m.url).pathname));
      const extract = m.extract ? ` … ${m.extract.replace(/\s+/g, " ").trim().slice(0, 120)}` : "";
      return `${file}:${m.lastLine ?? "?"}: ${m.message}${extract}`;
    });
}

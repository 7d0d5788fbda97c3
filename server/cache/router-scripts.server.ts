/**
 * React Router's inline scripts at the end of a server-rendered page, read as
 * data, so a page shared between visitors can carry them as data
 * (defer-hydration.server.ts) and its Content-Security-Policy needs no hash of
 * text that differs per page (ADR 22).
 *
 * React Router ends the <body> with, in this order and nothing between:
 * - the context script: `window.__reactRouterContext = {config}` and the stream
 *   the loader data arrives on;
 * - the route module script (`type="module"`): imports the matched routes'
 *   modules, sets the route manifest and the route modules, imports the entry;
 * - the data scripts, each `…streamController.enqueue("chunk")`, then
 *   `…close()`, between React's Suspense markers.
 *
 * Each script is read with the shape React Router writes it in, and accepted
 * only when printing the data back in that shape gives its text exactly: what
 * the data says is then all the script did. Anything else at the end of the
 * body (another version's shape, a Suspense boundary streamed out of line, an
 * injected script) makes the whole page unread: it is served as it is, and
 * its scripts, having no hash, do not run (the page stays server-rendered HTML).
 */

/** What the route module script does, as data. */
export interface RouteModules {
  /** Imported first, in order, for their effects: the HMR runtime (development), the full manifest. */
  imports: string[];
  /** Each matched route's id and the modules it is merged from (one, unless its exports are split). */
  routes: [string, string[]][];
  /** The manifest of the routes near this page (lazy route discovery), or null when `imports` loads it. */
  manifest: unknown;
  /** The client entry, imported last: it hydrates the page. */
  entry: string;
}

export interface RouterScripts {
  /** Where the context script starts: everything from here to `</body>` is React Router's. */
  start: number;
  /** `window.__reactRouterContext` before its stream is added. */
  context: unknown;
  modules: RouteModules;
  /** The loader data's chunks, in the order they are enqueued. */
  chunks: string[];
  /** Whether the stream is closed after them (always, in an answer rendered to its end). */
  closed: boolean;
  /** React's Suspense markers that stood between the data scripts, in order. */
  markers: string;
}

const CONTEXT_START = "<script>window.__reactRouterContext = ";
const CONTEXT_END =
  ";window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>";
const MODULE_START = '<script type="module" async="">';
const END = "</body></html>";
const MODULE_SCRIPT =
  /^(?:import ("[^"\n]*");)?(?:import ("[^"\n]*"))?;\n([\s\S]*?)\n {2}(?:window\.__reactRouterManifest = ([\s\S]*);)?\n {2}window\.__reactRouterRouteModules = \{(.*)\};\n\nimport\(("[^"\n]*")\);$/;
const IMPORT_LINE =
  /^import \* as route(\d+)(?:_(clientAction|clientLoader|clientMiddleware|HydrateFallback|main))? from ("[^"\n]*");$/;
const ROUTE_ENTRY = /("(?:[^"\\]|\\.)*"):route(\d+)(?:,|$)/gy;
const TAIL_TOKEN =
  /<!--\/?\$-->|<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>|(<script>window\.__reactRouterContext\.streamController\.close\(\);<\/script>)/y;

/** React Router's escaping of JSON inside a script (its escapeHtml). */
const escapeScript = (json: string) =>
  json.replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** React Router's scripts at the end of `html`, or null when they are not exactly there (see above). */
export function readRouterScripts(html: string): RouterScripts | null {
  const start = html.lastIndexOf(CONTEXT_START);
  if (start < 0 || !html.endsWith(END)) return null;
  const contextEnd = html.indexOf(CONTEXT_END, start);
  if (contextEnd < 0) return null;
  const contextJson = html.slice(start + CONTEXT_START.length, contextEnd);
  const context = parseJson(contextJson);
  if (context === undefined || escapeScript(JSON.stringify(context)) !== contextJson) return null;

  const moduleStart = contextEnd + CONTEXT_END.length;
  if (!html.startsWith(MODULE_START, moduleStart)) return null;
  const moduleEnd = html.indexOf("</script>", moduleStart);
  if (moduleEnd < 0) return null;
  const moduleText = html.slice(moduleStart + MODULE_START.length, moduleEnd);
  const modules = readRouteModules(moduleText);
  if (!modules) return null;

  const chunks: string[] = [];
  let closed = false;
  let markers = "";
  let at = moduleEnd + "</script>".length;
  const tailEnd = html.length - END.length;
  while (at < tailEnd) {
    TAIL_TOKEN.lastIndex = at;
    const token = TAIL_TOKEN.exec(html);
    if (!token) return null;
    at = TAIL_TOKEN.lastIndex;
    if (token[1] !== undefined) {
      const chunk = parseJson(token[1]);
      if (closed || typeof chunk !== "string" || escapeScript(JSON.stringify(chunk)) !== token[1])
        return null;
      chunks.push(chunk);
    } else if (token[2] !== undefined) {
      if (closed) return null;
      closed = true;
    } else {
      markers += token[0];
    }
  }
  if (at !== tailEnd) return null;
  return { start, context, modules: modules.data, chunks, closed, markers };
}

type Chunk = { kind: string | undefined; url: string };
type Parsed = {
  hmr: string | undefined;
  manifestUrl: string | undefined;
  routes: { id: string; chunks: Chunk[] }[];
  manifest: unknown;
  entry: string;
};

function readRouteModules(text: string): { data: RouteModules } | null {
  const match = MODULE_SCRIPT.exec(text);
  if (!match) return null;
  const [, hmr, manifestUrl, lines, manifestJson, routeEntries, entry] = match;
  const strings = [hmr, manifestUrl, entry].map((s) => (s === undefined ? undefined : parseJson(s)));
  if (strings.some((s) => s !== undefined && typeof s !== "string")) return null;

  const chunksByIndex: Chunk[][] = [];
  for (const line of lines ? lines.split("\n") : []) {
    if (line.startsWith("const ")) continue; // a split route's merge: printed back from its imports below
    const m = IMPORT_LINE.exec(line);
    const url = m && parseJson(m[3]);
    if (!m || typeof url !== "string") return null;
    const index = Number(m[1]);
    chunksByIndex[index] = [...(chunksByIndex[index] ?? []), { kind: m[2], url }];
  }
  const routes: Parsed["routes"] = [];
  ROUTE_ENTRY.lastIndex = 0;
  for (let m = ROUTE_ENTRY.exec(routeEntries); m; m = ROUTE_ENTRY.exec(routeEntries)) {
    const id = parseJson(m[1]);
    const chunks = chunksByIndex[Number(m[2])];
    if (typeof id !== "string" || Number(m[2]) !== routes.length || !chunks) return null;
    routes.push({ id, chunks });
  }
  const manifest = manifestJson === undefined ? null : parseJson(manifestJson);
  if (manifest === undefined) return null;
  const parsed: Parsed = {
    hmr: strings[0] as string | undefined,
    manifestUrl: strings[1] as string | undefined,
    routes,
    manifest,
    entry: strings[2] as string,
  };
  if (printRouteModules(parsed) !== text) return null;
  return {
    data: {
      imports: [parsed.hmr, parsed.manifestUrl].filter((s): s is string => s !== undefined),
      routes: routes.map((r) => [r.id, r.chunks.map((c) => c.url)]),
      manifest,
      entry: parsed.entry,
    },
  };
}

/** The route module script as React Router prints it (its <Scripts>), from the data read out of it. */
function printRouteModules(p: Parsed): string {
  const lines = p.routes
    .map(({ chunks }, i) => {
      const name = `route${i}`;
      if (chunks.length === 1 && chunks[0].kind === undefined) {
        return `import * as ${name} from ${JSON.stringify(chunks[0].url)};`;
      }
      return [
        chunks.map((c) => `import * as ${name}_${c.kind} from "${c.url}";`).join("\n"),
        `const ${name} = {${chunks.map((c) => `...${name}_${c.kind}`).join(",")}};`,
      ].join("\n");
    })
    .join("\n");
  const head = `${p.hmr === undefined ? "" : `import ${JSON.stringify(p.hmr)};`}${p.manifestUrl === undefined ? "" : `import ${JSON.stringify(p.manifestUrl)}`};`;
  const manifest =
    p.manifest === null ? "" : `window.__reactRouterManifest = ${JSON.stringify(p.manifest, null, 2)};`;
  const routeModules = p.routes.map((r, i) => `${JSON.stringify(r.id)}:route${i}`).join(",");
  return `${head}\n${lines}\n  ${manifest}\n  window.__reactRouterRouteModules = {${routeModules}};\n\nimport(${JSON.stringify(p.entry)});`;
}

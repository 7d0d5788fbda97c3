/**
 * A shared page's scripts: React Router's per-page scripts become one data
 * element and the one hydration script whose text never changes, which does
 * what they did after the first paint. A page whose end is anything but React
 * Router's scripts is left as it is (its scripts then have no hash and do not run).
 */
import { describe, expect, it } from "vitest";
import { deferHydration, HYDRATION_SCRIPT } from "../../server/cache/defer-hydration.server.ts";
import { readRouterScripts } from "../../server/cache/router-scripts.server.ts";
import {
  MANIFEST,
  ROUTE_MODULES,
  ROUTER_CONTEXT,
  routerPage,
  routerScripts,
  runnableInlineScripts,
  SPLIT_ROUTE_MODULES,
} from "../fixtures/router-page.ts";

const dataOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" data-router-scripts>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "null",
  );

describe("React Router's scripts on a shared page", () => {
  it("become data and the one hydration script: no other script runs, the preloads wait", () => {
    const chunks = ['[{"_1":2},"loaderData",{"text":"</script><script>alert(1)</script>"}]\n', "[3]\n"];
    const html = deferHydration(
      routerPage({ chunks, head: '<link rel="stylesheet" href="/assets/x.css"/>' }),
    );
    expect(runnableInlineScripts(html)).toEqual([HYDRATION_SCRIPT]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/x.css"/>');
    expect(html).toContain("<main><h1>Hello</h1></main>");
    // The Suspense markers React wrote stay where they were; the page still ends as it did.
    expect(html.endsWith("<!--$--><!--$--><!--$--><!--/$--><!--/$--><!--/$--></body></html>")).toBe(true);
    // Loader data that looks like markup cannot end the data element: no "<" is written inside it.
    const element = /data-router-scripts>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(element).not.toContain("<");
    expect(dataOf(html)).toEqual({
      context: ROUTER_CONTEXT,
      chunks,
      closed: true,
      modules: {
        imports: [],
        routes: [
          ["root", ["/assets/root-A.js"]],
          ["routes/faq", ["/assets/faq-B.js"]],
        ],
        manifest: MANIFEST,
        entry: "/assets/entry.client-C.js",
      },
      preloads: ["/assets/entry.client-C.js", "/assets/root-A.js"],
    });
  });

  it("takes the preload links out of the head and nothing else; a head not closed before the scripts keeps them", () => {
    const page = routerPage({ head: "<title>T</title>" });
    const out = deferHydration(page);
    expect(out.slice(0, out.indexOf("</head>"))).toBe(
      '<!DOCTYPE html><html lang="en-AU"><head><meta charSet="utf-8"/><title>T</title>',
    );
    const unclosed = page.replace("</head>", "");
    const before = unclosed.slice(0, unclosed.indexOf("<body>"));
    expect(before).toContain('<link rel="modulepreload"');
    expect(deferHydration(unclosed).startsWith(before)).toBe(true);
  });

  it("reads a route split into chunks, the full manifest's import and the HMR runtime", () => {
    expect(readRouterScripts(routerPage({ modules: SPLIT_ROUTE_MODULES }))?.modules).toEqual({
      imports: ["/@hmr-runtime", "/assets/manifest-v1.js"],
      routes: [
        ["root", ["/assets/root-A.js"]],
        ["routes/faq", ["/assets/faq-B-loader.js", "/assets/faq-B.js"]],
      ],
      manifest: null,
      entry: "/assets/entry.client-C.js",
    });
  });

  it.each([
    ["a script after React Router's", `${routerScripts()}<script>alert(1)</script>`],
    ["a Suspense boundary streamed out of line", `${routerScripts()}<script>$RC("B:0","S:0")</script>`],
    [
      "a module script with a statement React Router never writes",
      routerScripts({ modules: `alert(1);\n${SPLIT_ROUTE_MODULES}` }),
    ],
    [
      "a route module line with more in it",
      routerScripts({
        modules: SPLIT_ROUTE_MODULES.replace('"/assets/root-A.js";', '"/assets/root-A.js";alert(1);'),
      }),
    ],
    ["a chunk that is not a string", routerScripts().replace(/enqueue\([^)]*\)/, "enqueue(alert(1))")],
    [
      "data after the stream closed",
      routerScripts().replace(
        "<!--/$-->",
        '<script>window.__reactRouterContext.streamController.enqueue("[9]\\n");</script><!--/$-->',
      ),
    ],
  ])("leaves the page as it is with %s", (_, scripts) => {
    const page = `<!DOCTYPE html><html><head></head><body><main>Hi</main>${scripts}</body></html>`;
    expect(readRouterScripts(page)).toBeNull();
    expect(deferHydration(page)).toBe(page);
  });

  /** The page with `from` replaced by `to` once (the replacement must apply). */
  const changed = (from: string | RegExp, to: string) => {
    const page = routerPage();
    const next = page.replace(from, to);
    expect(next, String(from)).not.toBe(page);
    return next;
  };
  const modulesWith = (from: string, to: string) => {
    const modules = SPLIT_ROUTE_MODULES.replace(from, to);
    expect(modules, from).not.toBe(SPLIT_ROUTE_MODULES);
    return routerPage({ modules });
  };

  // Each is a page whose end is not exactly what React Router writes: read as nothing, so the
  // page is never shared with scripts it did not make (every guard of the reader has its case).
  it.each([
    ["anything after the closing tags", `${routerPage()} `],
    ["no context script", changed("window.__reactRouterContext = ", "window.__otherContext = ")],
    [
      "a context script that never ends",
      changed("new TextEncoderStream());</script>", "new TextEncoderStream());"),
    ],
    ["a context that is not JSON", changed('"basename":"/"', '"basename":/')],
    ["a context written other than React Router writes it", changed('"basename":"/"', '"basename": "/"')],
    ["a module script of another kind", changed('<script type="module" async="">', '<script type="module">')],
    [
      "a module script that never closes",
      changed(/(<script type="module" async="">[\s\S]*?)<\/script>/, "$1"),
    ],
    ["an unknown tail token", changed("<!--/$-->", "<!--x-->")],
    [
      "a chunk written other than React Router writes it",
      changed(
        'enqueue("[{\\"_1\\":2},\\"loaderData\\"]\\n")',
        'enqueue("[{\\"_1\\":2},\\"loaderDat\\u0061\\"]\\n")',
      ),
    ],
    [
      "the stream closed twice",
      changed("<!--/$-->", "<script>window.__reactRouterContext.streamController.close();</script><!--/$-->"),
    ],
    ["an HMR import that is not a JSON string", modulesWith('import "/@hmr-runtime";', 'import "/@hmr\\q";')],
    [
      "an import whose address is not a JSON string",
      modulesWith('from "/assets/root-A.js"', 'from "/assets/\\q.js"'),
    ],
    ["a route id that is not a JSON string", modulesWith('{"root":route0', '{"ro\\qot":route0')],
    [
      "routes listed out of order",
      modulesWith('{"root":route0,"routes/faq":route1}', '{"routes/faq":route1,"root":route0}'),
    ],
    ["a route with no import", modulesWith('"routes/faq":route1}', '"routes/faq":route1,"extra":route2}')],
    [
      "a manifest that is not JSON",
      routerPage({ modules: ROUTE_MODULES.replace('"version": "v1"', '"version": v1') }),
    ],
  ])("reads nothing from a page with %s", (_, page) => {
    expect(readRouterScripts(page)).toBeNull();
    expect(deferHydration(page)).toBe(page);
  });

  it("reads a route printed as merged from one chunk as that route", () => {
    const modules = SPLIT_ROUTE_MODULES.replace(
      'import * as route0 from "/assets/root-A.js";',
      'import * as route0_main from "/assets/root-A.js";\nconst route0 = {...route0_main};',
    );
    expect(readRouterScripts(routerPage({ modules }))?.modules.routes[0]).toEqual([
      "root",
      ["/assets/root-A.js"],
    ]);
  });

  it("reads the manifest a page carries, and no chunk where none was streamed", () => {
    const read = readRouterScripts(routerPage({ chunks: [] }));
    expect(read?.modules.manifest).toEqual(MANIFEST);
    expect(read?.chunks).toEqual([]);
    expect(read?.closed).toBe(true);
  });

  it("reads React Router's scripts, never a copy injected into the content before them", () => {
    const injected = routerScripts({ chunks: ['["forged"]\n'] });
    const html = deferHydration(routerPage({ body: `<main>${injected}</main>` }));
    expect(dataOf(html).chunks).toEqual(['[{"_1":2},"loaderData"]\n']);
  });
});

/** Runs the hydration script in a fake browser: records what it sets, adds and imports. */
function runHydration(html: string, options: { hidden?: boolean } = {}) {
  const data = /<script type="application\/json" data-router-scripts>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const element = {
    textContent: data,
    hasAttribute: (name: string) => data !== undefined && name === "data-router-scripts",
  };
  const win: Record<string, unknown> = {};
  const added: string[] = [];
  const imported: string[] = [];
  const enqueued: string[] = [];
  let closed = false;
  let observed: (() => void) | undefined;
  class FakeStream {
    constructor(source: { start(controller: unknown): void }) {
      source.start({ enqueue: (x: string) => enqueued.push(x), close: () => (closed = true) });
    }
    pipeThrough() {
      return this;
    }
  }
  class FakeObserver {
    static supportedEntryTypes = ["paint"];
    constructor(callback: (list: unknown, observer: { disconnect(): void }) => void) {
      observed = () => callback([], { disconnect() {} });
    }
    observe() {}
  }
  const fakeImport = async (url: string) => {
    imported.push(url);
    return { url };
  };
  const fakeDocument = {
    visibilityState: options.hidden ? "hidden" : "visible",
    currentScript: { previousElementSibling: element },
    createElement: () => ({}),
    head: { append: (link: { rel: string; href: string }) => added.push(`${link.rel} ${link.href}`) },
  };
  // `import(…)` is syntax the test cannot stand in for: the script's calls go to fakeImport instead.
  new Function(
    "window",
    "document",
    "ReadableStream",
    "TextEncoderStream",
    "PerformanceObserver",
    "addEventListener",
    "fakeImport",
    HYDRATION_SCRIPT.replaceAll("import(", "fakeImport("),
  )(win, fakeDocument, FakeStream, class {}, FakeObserver, () => {}, fakeImport);
  return { win, added, imported, enqueued, isClosed: () => closed, paint: () => observed?.() };
}

describe("the hydration script, in a browser", () => {
  const html = deferHydration(routerPage({ chunks: ["[1]\n", "[2]\n"] }));

  it("sets React Router's context and streams its loader data at once", () => {
    const run = runHydration(html);
    expect(run.win.__reactRouterContext).toMatchObject(ROUTER_CONTEXT);
    expect(run.enqueued).toEqual(["[1]\n", "[2]\n"]);
    expect(run.isClosed()).toBe(true);
    expect(run.imported).toEqual([]);
    expect(run.added).toEqual([]);
  });

  it("after the first paint, once: the preloads, the route modules and manifest, then the entry", async () => {
    const run = runHydration(html);
    run.paint();
    run.paint();
    await new Promise((resolve) => setImmediate(resolve));
    expect(run.added).toEqual(["modulepreload /assets/entry.client-C.js", "modulepreload /assets/root-A.js"]);
    expect(run.imported).toEqual(["/assets/root-A.js", "/assets/faq-B.js", "/assets/entry.client-C.js"]);
    expect(run.win.__reactRouterManifest).toEqual(MANIFEST);
    expect(run.win.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-A.js" },
      "routes/faq": { url: "/assets/faq-B.js" },
    });
  });

  it("merges a split route's chunks and imports the full manifest first", async () => {
    const run = runHydration(deferHydration(routerPage({ modules: SPLIT_ROUTE_MODULES })), { hidden: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(run.imported.slice(0, 2)).toEqual(["/@hmr-runtime", "/assets/manifest-v1.js"]);
    expect(run.imported.at(-1)).toBe("/assets/entry.client-C.js");
    expect(run.win.__reactRouterManifest).toBeUndefined();
    expect(run.win.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-A.js" },
      "routes/faq": { url: "/assets/faq-B.js" },
    });
  });

  it("does nothing without its data element just before it", () => {
    const run = runHydration("<p>no data here</p>");
    expect(run.win.__reactRouterContext).toBeUndefined();
    run.paint();
    expect(run.imported).toEqual([]);
  });
});

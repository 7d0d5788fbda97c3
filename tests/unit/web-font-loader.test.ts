import { describe, expect, it } from "vitest";
import { WEB_FONTS_KEY, webFontLoader } from "../../app/lib/web-font-loader";

const FACES = [
  { family: "Inter Variable", url: "/assets/inter-A.woff2", weight: "400 700" },
  { family: "Fraunces Variable", url: "/assets/fraunces-B.woff2", weight: "400 700" },
];
const VERSION = "/assets/inter-A.woff2 /assets/fraunces-B.woff2";
/** The files' bytes as the fake server sends them: every byte value, so the base64 round trip is tested. */
const FILES: Record<string, Uint8Array> = {
  "/assets/inter-A.woff2": Uint8Array.from({ length: 256 }, (_, i) => i),
  "/assets/fraunces-B.woff2": Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7) % 256),
};
const stored = (version = VERSION) =>
  JSON.stringify({
    v: version,
    d: FACES.map((f) => Buffer.from(FILES[f.url]).toString("base64")),
  });

/**
 * Runs the loader against a fake browser. `paint()` delivers the first paint
 * entry, `finish()` settles the downloads and font loads; `stored` is what
 * localStorage holds under the loader's key ("throws": storage is blocked).
 */
function run(
  options: { hidden?: boolean; paintEntries?: boolean; failing?: string; stored?: string | "throws" } = {},
) {
  const created: { family: string; bytes: number[]; descriptors: Record<string, string> }[] = [];
  const added: string[] = [];
  const fetched: string[] = [];
  const pending: (() => void)[] = [];
  const listeners: Record<string, () => void> = {};
  const storage = new Map<string, string>();
  if (options.stored !== undefined && options.stored !== "throws") storage.set(WEB_FONTS_KEY, options.stored);
  const blocked = () => {
    if (options.stored === "throws") throw new Error("SecurityError");
  };
  const fakeWindow: Record<string, unknown> = {};
  let observed: ((list: unknown, observer: { disconnect(): void }) => void) | undefined;
  let disconnected = 0;
  class FakeFontFace {
    readonly family: string;
    constructor(family: string, source: ArrayBuffer | Uint8Array, descriptors: Record<string, string>) {
      this.family = family;
      created.push({ family, bytes: [...new Uint8Array(source as ArrayBuffer)], descriptors });
    }
    load() {
      return Promise.resolve(this);
    }
  }
  class FakeObserver {
    static supportedEntryTypes = options.paintEntries === false ? ["mark"] : ["paint", "mark"];
    constructor(callback: typeof observed) {
      observed = callback;
    }
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: "paint", buffered: true });
    }
  }
  const fakeFetch = (url: string) => {
    fetched.push(url);
    return new Promise((resolve) => {
      pending.push(() =>
        resolve({
          ok: !url.includes(options.failing ?? "\0"),
          arrayBuffer: async () => FILES[url].slice().buffer,
        }),
      );
    });
  };
  const fakeStorage = {
    getItem(key: string) {
      blocked();
      return storage.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      blocked();
      storage.set(key, value);
    },
  };
  new Function(
    "document",
    "FontFace",
    "PerformanceObserver",
    "addEventListener",
    "localStorage",
    "window",
    "fetch",
    webFontLoader(FACES),
  )(
    {
      visibilityState: options.hidden ? "hidden" : "visible",
      fonts: { add: (face: FakeFontFace) => added.push(face.family) },
    },
    FakeFontFace,
    FakeObserver,
    (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
    fakeStorage,
    fakeWindow,
    fakeFetch,
  );
  return {
    created,
    added,
    fetched,
    listeners,
    storage,
    /** What the page's next navigation calls (useWebFontsOnNavigation). */
    navigate() {
      (fakeWindow.__applyWebFonts as (() => void) | undefined)?.();
    },
    paint() {
      observed?.([], { disconnect: () => disconnected++ });
    },
    get disconnected() {
      return disconnected;
    },
    async finish() {
      for (const settle of pending.splice(0)) settle();
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const face = (family: string, url: string) => ({
  family,
  bytes: [...FILES[url]],
  descriptors: { weight: "400 700", style: "normal" },
});
const BOTH = [
  face("Inter Variable", "/assets/inter-A.woff2"),
  face("Fraunces Variable", "/assets/fraunces-B.woff2"),
];

describe("the web font loader", () => {
  it("on a first view, fetches the files after the first paint and keeps the fallback on that page", async () => {
    const page = run();
    expect(page.fetched).toEqual([]);
    page.paint();
    page.paint();
    expect(page.disconnected).toBe(2);
    expect(page.fetched).toEqual(["/assets/inter-A.woff2", "/assets/fraunces-B.woff2"]);
    await page.finish();
    expect(page.created).toEqual(BOTH);
    // Loaded, but never swapped in under the reader: the page keeps the fallback.
    expect(page.added).toEqual([]);
    expect(page.storage.get(WEB_FONTS_KEY)).toBe(stored());
    // The next navigation in the page replaces the content anyway: the fonts come with it.
    page.navigate();
    expect(page.added).toEqual(["Inter Variable", "Fraunces Variable"]);
  });

  it("makes the faces from the stored files before the first paint, with no request", () => {
    const page = run({ stored: stored() });
    expect(page.created).toEqual(BOTH);
    expect(page.added).toEqual(["Inter Variable", "Fraunces Variable"]);
    page.paint();
    expect(page.fetched).toEqual([]);
  });

  it("starts over when the font files changed since the browser stored them", async () => {
    const page = run({ stored: stored("/assets/inter-OLD.woff2 /assets/fraunces-OLD.woff2") });
    expect(page.added).toEqual([]);
    page.paint();
    await page.finish();
    expect(page.added).toEqual([]);
    expect(page.storage.get(WEB_FONTS_KEY)).toBe(stored());
  });

  it("treats unreadable stored data as a first view", async () => {
    const page = run({ stored: "{not json" });
    expect(page.added).toEqual([]);
    page.paint();
    await page.finish();
    expect(page.storage.get(WEB_FONTS_KEY)).toBe(stored());
  });

  it("stores nothing and applies nothing when a file fails to download", async () => {
    const page = run({ failing: "inter" });
    page.paint();
    await page.finish();
    page.navigate();
    expect(page.added).toEqual([]);
    expect(page.storage.has(WEB_FONTS_KEY)).toBe(false);
  });

  it("works where storage is blocked: each page is a first view", async () => {
    const page = run({ stored: "throws" });
    expect(page.added).toEqual([]);
    page.paint();
    await page.finish();
    page.navigate();
    expect(page.added).toEqual(["Inter Variable", "Fraunces Variable"]);
  });

  it("fetches at once in a hidden tab, which never paints", () => {
    const page = run({ hidden: true });
    expect(page.fetched).toHaveLength(2);
  });

  it("waits for the load event where the browser reports no paint entries", () => {
    const page = run({ paintEntries: false });
    expect(page.fetched).toEqual([]);
    page.listeners.load();
    expect(page.fetched).toHaveLength(2);
  });

  it("writes the URLs as literals that cannot end the script element", () => {
    const script = webFontLoader([{ family: "X", url: "/a</script><b>.woff2", weight: "400" }]);
    expect(script).not.toMatch(/<\/script|<!--|<b>/i);
  });
});

import { describe, expect, it } from "vitest";
import { webFontLoader } from "../../app/lib/web-font-loader";

const FACES = [
  { family: "Inter Variable", url: "/assets/inter-A.woff2", weight: "400 700" },
  { family: "Fraunces Variable", url: "/assets/fraunces-B.woff2", weight: "400 700" },
];

/** Runs the loader against a fake browser; `paint()` delivers the first paint entry, `finish()` settles the loads. */
function run(options: { hidden?: boolean; paintEntries?: boolean; failing?: string } = {}) {
  const created: { family: string; source: string; descriptors: Record<string, string> }[] = [];
  const added: string[] = [];
  const pending: (() => void)[] = [];
  const listeners: Record<string, () => void> = {};
  let observed: ((list: unknown, observer: { disconnect(): void }) => void) | undefined;
  let disconnected = 0;
  class FakeFontFace {
    readonly family: string;
    constructor(family: string, source: string, descriptors: Record<string, string>) {
      this.family = family;
      created.push({ family, source, descriptors });
    }
    load() {
      return new Promise<this>((resolve, reject) => {
        pending.push(() => (this.family === options.failing ? reject(new Error("offline")) : resolve(this)));
      });
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
  const fakeDocument = {
    visibilityState: options.hidden ? "hidden" : "visible",
    fonts: { add: (face: FakeFontFace) => added.push(face.family) },
  };
  new Function("document", "FontFace", "PerformanceObserver", "addEventListener", webFontLoader(FACES))(
    fakeDocument,
    FakeFontFace,
    FakeObserver,
    (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
  );
  return {
    created,
    added,
    listeners,
    paint() {
      observed?.([], { disconnect: () => disconnected++ });
    },
    get disconnected() {
      return disconnected;
    },
    async finish() {
      for (const settle of pending.splice(0)) settle();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe("the web font loader", () => {
  it("asks for no font before the first paint, then loads each face once and adds it when loaded", async () => {
    const page = run();
    expect(page.created).toEqual([]);
    page.paint();
    page.paint();
    expect(page.disconnected).toBe(2);
    expect(page.created).toEqual([
      {
        family: "Inter Variable",
        source: 'url("/assets/inter-A.woff2") format("woff2")',
        descriptors: { weight: "400 700", style: "normal", display: "swap" },
      },
      {
        family: "Fraunces Variable",
        source: 'url("/assets/fraunces-B.woff2") format("woff2")',
        descriptors: { weight: "400 700", style: "normal", display: "swap" },
      },
    ]);
    // Nothing is swapped in while a file is still on its way: the fallback stays until the face has loaded.
    expect(page.added).toEqual([]);
    await page.finish();
    expect(page.added).toEqual(["Inter Variable", "Fraunces Variable"]);
  });

  it("keeps the fallback for a face that fails to load, and still adds the other", async () => {
    const page = run({ failing: "Inter Variable" });
    page.paint();
    await page.finish();
    expect(page.added).toEqual(["Fraunces Variable"]);
  });

  it("loads at once in a hidden tab, which never paints", () => {
    const page = run({ hidden: true });
    expect(page.created.map((f) => f.family)).toEqual(["Inter Variable", "Fraunces Variable"]);
  });

  it("waits for the load event where the browser reports no paint entries", () => {
    const page = run({ paintEntries: false });
    expect(page.created).toEqual([]);
    page.listeners.load();
    expect(page.created).toHaveLength(2);
  });

  it("writes the URLs as literals that cannot end the script element", () => {
    const script = webFontLoader([{ family: "X", url: "/a</script><b>.woff2", weight: "400" }]);
    expect(script).not.toContain("<");
  });
});

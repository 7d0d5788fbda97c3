import { describe, expect, it } from "vitest";
import { absolute, seo } from "../../app/lib/seo.ts";

const ORIGIN = "https://tidewater.example";
const find = (tags: ReturnType<typeof seo>, pred: (t: Record<string, unknown>) => boolean) =>
  tags.find((t) => pred(t as Record<string, unknown>)) as Record<string, string> | undefined;

describe("seo", () => {
  const tags = seo({ title: "FAQ | Tidewater", description: "Answers.", path: "/faq", origin: ORIGIN });

  it("gives the title, description and canonical URL", () => {
    expect(find(tags, (t) => "title" in t)?.title).toBe("FAQ | Tidewater");
    expect(find(tags, (t) => t.name === "description")?.content).toBe("Answers.");
    expect(find(tags, (t) => t.rel === "canonical")).toMatchObject({
      tagName: "link",
      href: `${ORIGIN}/faq`,
    });
  });

  it("gives Open Graph tags with an absolute default image", () => {
    expect(find(tags, (t) => t.property === "og:title")?.content).toBe("FAQ | Tidewater");
    expect(find(tags, (t) => t.property === "og:url")?.content).toBe(`${ORIGIN}/faq`);
    expect(find(tags, (t) => t.property === "og:type")?.content).toBe("website");
    expect(find(tags, (t) => t.property === "og:image")?.content).toBe(
      `${ORIGIN}/images/site/og-default.jpg`,
    );
    expect(find(tags, (t) => t.property === "og:locale")?.content).toBe("en_AU");
  });

  it("makes a page image absolute and keeps the type", () => {
    const t = seo({
      title: "x",
      description: "y",
      path: "/a",
      origin: ORIGIN,
      image: "/images/a.webp",
      type: "product",
    });
    expect(find(t, (x) => x.property === "og:image")?.content).toBe(`${ORIGIN}/images/a.webp`);
    expect(find(t, (x) => x.property === "og:type")?.content).toBe("product");
  });

  it("adds noindex only when asked", () => {
    expect(find(tags, (t) => t.name === "robots")).toBeUndefined();
    const t = seo({ title: "x", description: "y", path: "/a", origin: ORIGIN, noindex: true });
    expect(find(t, (x) => x.name === "robots")?.content).toBe("noindex");
  });
});

describe("absolute", () => {
  it.each([
    ["/images/a.webp", `${ORIGIN}/images/a.webp`],
    ["images/a.webp", `${ORIGIN}/images/a.webp`],
    ["https://cdn.example/a.jpg", "https://cdn.example/a.jpg"],
    ["HTTP://cdn.example/a.jpg", "HTTP://cdn.example/a.jpg"],
    ["//cdn.example/a.jpg", "https://cdn.example/a.jpg"],
  ])("%s -> %s", (input, expected) => {
    expect(absolute(ORIGIN, input)).toBe(expected);
  });
});

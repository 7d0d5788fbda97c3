import type { MetaDescriptor } from "react-router";

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/adventures". */
  path: string;
  /** PUBLIC_URL of the site (from the root loader). */
  origin: string;
  image?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}

/** Title, description, canonical URL and Open Graph/Twitter tags for one page. */
export function seo(input: SeoInput): MetaDescriptor[] {
  const url = `${input.origin}${input.path}`;
  const description = clip(input.description, 160);
  const image = input.image
    ? absolute(input.origin, input.image)
    : `${input.origin}/images/site/og-default.jpg`;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_AU" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

export function absolute(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  // Protocol-relative ("//cdn.example/x.jpg"): keep the host, use the site's scheme.
  if (pathOrUrl.startsWith("//")) return `${new URL(origin).protocol}${pathOrUrl}`;
  return `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Search results cut descriptions near 160 characters: end on a whole word instead. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/**
 * Captured answers: the exact status, headers and (still compressed) body the
 * app sent for a request, kept so a bare server can send the same bytes.
 */
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from "node:zlib";

export interface Captured {
  status: number;
  headers: [string, string][];
  /** Base64 of the body as sent on the wire (compressed when the app compressed it). */
  body: string;
}

/** path (with query) -> answer */
export type Capture = Record<string, Captured>;

// Hop-by-hop headers describe one connection, not the answer; the bare server sets its own.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

/** GET `url` with `headers` over plain HTTP, without decoding the body. */
export function captureOne(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const kept: [string, string][] = [];
        const raw = res.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) {
          if (!HOP_BY_HOP.has(raw[i].toLowerCase())) kept.push([raw[i], raw[i + 1]]);
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks).toString("base64"),
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export function headerOf(captured: Captured, name: string): string | undefined {
  return captured.headers.find(([k]) => k.toLowerCase() === name)?.[1];
}

/** The body as text, decompressed as its Content-Encoding says. */
export function bodyText(captured: Captured): string {
  const raw = Buffer.from(captured.body, "base64");
  const encoding = headerOf(captured, "content-encoding");
  const decoded =
    encoding === "gzip"
      ? gunzipSync(raw)
      : encoding === "br"
        ? brotliDecompressSync(raw)
        : encoding === "deflate"
          ? inflateSync(raw)
          : encoding === "zstd"
            ? zstdDecompressSync(raw)
            : raw;
  return decoded.toString("utf8");
}

/**
 * Same-site paths an HTML page or a stylesheet may load: src and srcset
 * anywhere, href of <link> elements, url() in CSS. A browser picks among
 * srcset candidates and loads lazy images late, so what one Lighthouse run
 * happened to load is not all the static copy needs.
 */
export function referencedPaths(captured: Captured): string[] {
  const type = headerOf(captured, "content-type") ?? "";
  if (!type.includes("text/html") && !type.includes("text/css")) return [];
  const text = bodyText(captured);
  const found: string[] = [];
  // React writes srcSet and imageSrcSet in camel case; HTML attribute names ignore case.
  for (const m of text.matchAll(/\ssrc="([^"]+)"/gi)) found.push(m[1]);
  for (const m of text.matchAll(/\s(?:image)?srcset="([^"]+)"/gi)) {
    for (const candidate of m[1].split(",")) found.push(candidate.trim().split(/\s+/)[0]);
  }
  for (const m of text.matchAll(/<link\s[^>]*href="([^"]+)"/gi)) found.push(m[1]);
  for (const m of text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) found.push(m[1]);
  return found.map((p) => p.replaceAll("&amp;", "&")).filter((p) => p.startsWith("/") && !p.startsWith("//"));
}

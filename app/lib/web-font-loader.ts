import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { scriptLiteral } from "./script-literal.ts";

export interface WebFontFace {
  family: string;
  url: string;
  /** The CSS font-weight descriptor, such as "400 700" for a variable font. */
  weight: string;
}

/** Where the loader keeps the font files in this browser (with the files' URLs, so new files start over). */
export const WEB_FONTS_KEY = "web-fonts";
/** What the loader leaves on window once the files are in: applies the fonts (see useWebFontsOnNavigation). */
const APPLY = "__applyWebFonts";

/**
 * The inline script that gives a public page its web fonts (in the page's
 * <head>, components/PublicStyles.tsx). The rule it keeps: text never
 * re-flows under a reader's eyes because a font arrived (no layout shift),
 * and the font files never compete with a page's first paint on a slow phone.
 *
 * - A browser that has loaded the files on an earlier page keeps them in
 *   localStorage (base64, about 80 KB): the faces are made from those bytes
 *   before the body is parsed, with no request, so the text is drawn in them
 *   from the first paint. Reading storage is synchronous; an HTTP cache
 *   cannot be read that way, and a flag beside it would outlive the cached
 *   files and put them back in the critical path.
 * - Otherwise the page paints in the metric-matched fallback faces
 *   (styles/fonts.css) and keeps them. After its first paint the files are
 *   fetched (the trigger is the deferred hydration's,
 *   server/cache/defer-hydration.server.ts: the first paint entry; at once in
 *   a hidden tab, which never paints; at load where paint entries are
 *   unsupported) and stored, and the fonts are applied at the next
 *   navigation in the page, when the content is replaced anyway.
 * A browser without storage (blocked, full) treats every page as a first
 * view. Shared pages allow the script by its hash, computed from its text in
 * lib/inline-scripts.ts (ADR 22). ADR 12 has the alternatives weighed.
 */
export function webFontLoader(faces: readonly WebFontFace[]): string {
  const list = faces.map(({ family, url, weight }) => [family, url, weight]);
  const version = faces.map((f) => f.url).join(" ");
  return [
    "(()=>{",
    `if(typeof FontFace==="undefined")return;const f=${scriptLiteral(list)},k=${scriptLiteral(WEB_FONTS_KEY)},v=${scriptLiteral(version)};`,
    'const make=b=>f.map(([n,,w],i)=>new FontFace(n,b[i],{weight:w,style:"normal"}));',
    "const add=l=>{for(const face of l)document.fonts.add(face)};",
    'try{const s=JSON.parse(localStorage.getItem(k)||"null");',
    "if(s&&s.v===v){add(make(s.d.map(t=>{const c=atob(t),a=new Uint8Array(c.length);",
    "for(let i=0;i<c.length;i++)a[i]=c.charCodeAt(i);return a})));return}}catch(e){}",
    "let done=false;",
    "const go=()=>{if(done)return;done=true;",
    "Promise.all(f.map(([,u])=>fetch(u).then(r=>{if(!r.ok)throw new Error(u);return r.arrayBuffer()})))",
    ".then(b=>{const l=make(b);return Promise.all(l.map(face=>face.load())).then(()=>{",
    `window.${APPLY}=()=>add(l);`,
    'try{localStorage.setItem(k,JSON.stringify({v,d:b.map(x=>{const a=new Uint8Array(x);let t="";',
    "for(let i=0;i<a.length;i+=8192)t+=String.fromCharCode(...a.subarray(i,i+8192));return btoa(t)})}))}catch(e){}})})",
    ".catch(()=>{})};",
    'if(document.visibilityState==="hidden")go();',
    'else if(((typeof PerformanceObserver!=="undefined"&&PerformanceObserver.supportedEntryTypes)||[]).includes("paint"))',
    'new PerformanceObserver((l,o)=>{o.disconnect();go()}).observe({type:"paint",buffered:true});',
    'else addEventListener("load",go);',
    "})()",
  ].join("");
}

/**
 * Applies web fonts the loader fetched on this page's first view at the next
 * navigation in the page: before the new route is painted, so the fonts
 * change with the content rather than under the reader.
 */
export function useWebFontsOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new pathname, which the body need not read
  useLayoutEffect(() => {
    // The effect's first run is the page's own first render (hydration): no navigation yet.
    if (first.current) {
      first.current = false;
      return;
    }
    (window as unknown as Record<string, (() => void) | undefined>)[APPLY]?.();
  }, [pathname]);
}

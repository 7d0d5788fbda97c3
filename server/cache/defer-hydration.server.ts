/**
 * A shared page loads its scripts only after its first paint. React Router
 * writes a modulepreload link per route module and an inline module script
 * that imports them and starts hydration: on a slow phone those ~150 KB of
 * scripts take the bandwidth the page's own first bytes, fonts and hero image
 * need. Here the links come out of the HTML and the module script becomes a
 * small loader that adds both back once the browser reports its first paint
 * (a paint entry; no timer, so a page whose clock is paused or throttled
 * still hydrates), at load where paint entries are not supported, and at
 * once in a tab nobody is looking at (hidden tabs do not paint). The page
 * before that is complete server-rendered HTML: links and forms work without
 * scripts.
 */

import { scriptLiteral as literal } from "../../app/lib/script-literal.ts";

export interface Deferred {
  html: string;
  /** The module script's text, which the loader inserts: the page's policy must allow it by hash. */
  moduleScript: string | null;
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const ROUTER_MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

export function deferHydration(html: string): Deferred {
  const module = ROUTER_MODULE_SCRIPT.exec(html);
  if (!module) return { html, moduleScript: null };
  const preloads: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  const loader = [
    "(()=>{",
    `const p=${literal(preloads)},m=${literal(module[1])};let done=false;`,
    "const go=()=>{if(done)return;done=true;",
    'for(const h of p){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}',
    'const s=document.createElement("script");s.type="module";s.textContent=m;document.body.append(s)};',
    'if(document.visibilityState==="hidden")go();',
    'else if((PerformanceObserver.supportedEntryTypes||[]).includes("paint"))',
    'new PerformanceObserver((l,o)=>{o.disconnect();go()}).observe({type:"paint",buffered:true});',
    'else addEventListener("load",go);',
    "})()",
  ].join("");
  return {
    html: withoutPreloads.replace(ROUTER_MODULE_SCRIPT, () => `<script>${loader}</script>`),
    moduleScript: module[1],
  };
}

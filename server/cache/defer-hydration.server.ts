/**
 * A shared page in the form it is stored in: React Router's scripts carried
 * as data, started by one script whose text never changes, after the page's
 * first paint.
 *
 * Why data. A shared page has no nonce, so its policy allows inline scripts
 * by hash, and only the scripts the application knows (lib/inline-scripts.ts
 * and HYDRATION_SCRIPT here): the hashes are computed from those texts, never
 * from the HTML being served, so a script injected into a page has none and
 * does not run. React Router's own scripts differ per page (the loader data,
 * the matched routes), so they cannot be known in advance; they are read as
 * data (router-scripts.server.ts) and written as one `application/json`
 * element, which a browser never runs, followed by HYDRATION_SCRIPT, which does
 * what they did: sets `window.__reactRouterContext` and its stream, enqueues
 * the loader data, and imports the route modules and the entry (allowed by
 * `'self'`). ADR 22.
 *
 * Why after the first paint. React Router writes a modulepreload link per route
 * module and a module script that imports them and starts hydration: on a slow
 * phone those ~150 KB of scripts take the bandwidth the page's own first bytes,
 * fonts and hero image need. The links come out of the <head>, and
 * HYDRATION_SCRIPT adds them back and imports the modules once the browser
 * reports its first paint (a paint entry; no timer, so a page whose clock is
 * paused or throttled still hydrates), at load where paint entries are not
 * supported, and at once in a tab nobody is looking at (hidden tabs do not
 * paint). The page before that is complete server-rendered HTML: links and
 * forms work without scripts.
 */

import { scriptLiteral } from "../../app/lib/script-literal.ts";
import { readRouterScripts } from "./router-scripts.server.ts";

/** The attribute that marks the data element HYDRATION_SCRIPT reads (the element just before it). */
const DATA_ATTRIBUTE = "data-router-scripts";

/**
 * Reads the element just before itself (never one found elsewhere in the page,
 * where content could have put one), then does what React Router's scripts
 * did: the context and its stream at once, the imports after the first paint.
 * Route modules are imported in parallel and merged as React Router merges a
 * route whose exports are split; the entry comes last, as in its module script.
 */
export const HYDRATION_SCRIPT = [
  "(()=>{",
  `const e=document.currentScript&&document.currentScript.previousElementSibling;if(!e||!e.hasAttribute(${scriptLiteral(DATA_ATTRIBUTE)}))return;`,
  "const d=JSON.parse(e.textContent),c=window.__reactRouterContext=d.context;",
  "c.stream=new ReadableStream({start(s){c.streamController=s}}).pipeThrough(new TextEncoderStream());",
  "for(const x of d.chunks)c.streamController.enqueue(x);if(d.closed)c.streamController.close();",
  "const m=d.modules,all=a=>Promise.all(a.map(u=>import(u)));let done=false;",
  "const go=()=>{if(done)return;done=true;",
  'for(const h of d.preloads){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}',
  "m.imports.reduce((p,u)=>p.then(()=>import(u)),Promise.resolve())",
  ".then(()=>Promise.all(m.routes.map(r=>all(r[1])))).then(n=>{",
  "if(m.manifest!==null)window.__reactRouterManifest=m.manifest;",
  "window.__reactRouterRouteModules=Object.fromEntries(m.routes.map((r,i)=>[r[0],n[i].length===1?n[i][0]:Object.assign({},...n[i])]));",
  "return import(m.entry)})};",
  'if(document.visibilityState==="hidden")go();',
  'else if((PerformanceObserver.supportedEntryTypes||[]).includes("paint"))',
  'new PerformanceObserver((l,o)=>{o.disconnect();go()}).observe({type:"paint",buffered:true});',
  'else addEventListener("load",go);',
  "})()",
].join("");

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;

/**
 * `html` with React Router's scripts as data and HYDRATION_SCRIPT, its module
 * preloads deferred. A page whose end is not exactly React Router's scripts is
 * returned as it is (router-scripts.server.ts): its inline scripts then have
 * no hash, and it is shown without hydration rather than with a script the
 * policy cannot vouch for.
 */
export function deferHydration(html: string): string {
  const router = readRouterScripts(html);
  if (!router) return html;
  const headEnd = html.indexOf("</head>");
  const preloads: string[] = [];
  const head = html.slice(0, headEnd < 0 || headEnd > router.start ? 0 : headEnd);
  const withoutPreloads = head.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  const data = {
    context: router.context,
    chunks: router.chunks,
    closed: router.closed,
    modules: router.modules,
    preloads,
  };
  return [
    withoutPreloads,
    html.slice(head.length, router.start),
    `<script type="application/json" ${DATA_ATTRIBUTE}>${scriptLiteral(data)}</script>`,
    `<script>${HYDRATION_SCRIPT}</script>`,
    router.markers,
    "</body></html>",
  ].join("");
}

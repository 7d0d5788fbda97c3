import { scriptLiteral } from "./script-literal";

export interface WebFontFace {
  family: string;
  url: string;
  /** The CSS font-weight descriptor, such as "400 700" for a variable font. */
  weight: string;
}

/**
 * The inline script that gives a public page its web fonts after the page's
 * first paint (components/PublicStyles.tsx). Until then the text is set in the
 * fonts' metric-matched fallback faces (styles/fonts.css), so on a slow phone
 * the font files never compete with the page, its hero image or its first
 * paint. Each face is added to the document only once it has loaded, so no
 * text is hidden while it downloads. The trigger is the deferred hydration's
 * (server/cache/defer-hydration.server.ts): the first paint entry; at once in a
 * hidden tab, which never paints; at load where paint entries are unsupported.
 * Shared pages allow it by its hash, which the page cache takes from the HTML.
 */
export function webFontLoader(faces: readonly WebFontFace[]): string {
  const list = faces.map(({ family, url, weight }) => [
    family,
    `url(${JSON.stringify(url)}) format("woff2")`,
    weight,
  ]);
  return [
    "(()=>{",
    `const f=${scriptLiteral(list)};let done=false;`,
    "const go=()=>{if(done||typeof FontFace==='undefined')return;done=true;",
    'for(const[n,s,w]of f){const face=new FontFace(n,s,{weight:w,style:"normal",display:"swap"});',
    "face.load().then(()=>document.fonts.add(face),()=>{})}};",
    'if(document.visibilityState==="hidden")go();',
    'else if(((typeof PerformanceObserver!=="undefined"&&PerformanceObserver.supportedEntryTypes)||[]).includes("paint"))',
    'new PerformanceObserver((l,o)=>{o.disconnect();go()}).observe({type:"paint",buffered:true});',
    'else addEventListener("load",go);',
    "})()",
  ].join("");
}

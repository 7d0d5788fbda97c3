/**
 * The public site's stylesheet and web fonts in the page's <head>.
 *
 * The stylesheet is inlined as a <style> by the server, so a visitor's first
 * paint waits for no other request. The text comes from the server entry
 * (PublicCssText); in the browser, from the element the server wrote, so
 * hydration renders the same thing. A browser that first opened the admin
 * console and then navigates to a public page has no inlined copy and links
 * the same stylesheet instead.
 *
 * The web fonts are not part of that stylesheet: an inline script
 * (lib/web-font-loader.ts, listed in lib/inline-scripts.ts) gives the page their faces (styles/web-fonts.ts)
 * only when they cannot shift its text: from the first paint when this
 * browser already holds the files, otherwise at the next navigation.
 * Without scripts (<noscript>), and after a navigation from the admin console
 * (no inlined copy), the faces come from web-fonts.css, as in the console.
 */
import { createContext, useContext } from "react";
import { WEB_FONT_SCRIPT } from "../lib/inline-scripts";
import { useNonce } from "../lib/nonce";
import { useWebFontsOnNavigation } from "../lib/web-font-loader";
import publicCssHref from "../public.css?url";
import webFontsCssHref from "../styles/web-fonts.css?url";

export const PublicCssText = createContext<string | undefined>(undefined);

// Read once, before hydration: the text the server inlined into this document, if it did.
const inlinedByServer =
  typeof document === "undefined"
    ? undefined
    : (document.getElementById("public-css")?.textContent ?? undefined);

export function PublicStyles() {
  const text = useContext(PublicCssText) ?? inlinedByServer;
  const nonce = useNonce();
  useWebFontsOnNavigation();
  if (text === undefined) {
    return (
      <>
        <link rel="stylesheet" href={publicCssHref} />
        <link rel="stylesheet" href={webFontsCssHref} />
      </>
    );
  }
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, never user input */}
      <style id="public-css" dangerouslySetInnerHTML={{ __html: text }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own loader; its URLs come from the build */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: WEB_FONT_SCRIPT }} />
      <noscript
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a link to the build's own stylesheet
        dangerouslySetInnerHTML={{ __html: `<link rel="stylesheet" href="${webFontsCssHref}"/>` }}
      />
    </>
  );
}

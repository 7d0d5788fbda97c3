/**
 * The public site's stylesheet in the page's <head>: inlined as a <style> by the
 * server, so a visitor's first paint waits for no other request. The text comes
 * from the server entry (PublicCssText); in the browser, from the element the
 * server wrote, so hydration renders the same thing. A browser that first opened
 * the admin console and then navigates to a public page has no inlined copy and
 * links the same stylesheet instead. Fonts are preloaded beside it.
 */
import { createContext, useContext } from "react";
import frauncesUrl from "../fonts/fraunces-latin-wght.woff2?url";
import interUrl from "../fonts/inter-latin-wght.woff2?url";
import publicCssHref from "../public.css?url";

export const PublicCssText = createContext<string | undefined>(undefined);

// Read once, before hydration: the text the server inlined into this document, if it did.
const inlinedByServer =
  typeof document === "undefined"
    ? undefined
    : (document.getElementById("public-css")?.textContent ?? undefined);

export function PublicStyles() {
  const text = useContext(PublicCssText) ?? inlinedByServer;
  return (
    <>
      <link rel="preload" as="font" type="font/woff2" href={interUrl} crossOrigin="anonymous" />
      <link rel="preload" as="font" type="font/woff2" href={frauncesUrl} crossOrigin="anonymous" />
      {text === undefined ? (
        <link rel="stylesheet" href={publicCssHref} />
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, never user input
        <style id="public-css" dangerouslySetInnerHTML={{ __html: text }} />
      )}
    </>
  );
}

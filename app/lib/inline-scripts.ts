/**
 * Every inline script the application itself writes into a page, as the exact
 * text it renders. A page rendered for one visitor allows its scripts by that
 * response's nonce; a page shared between visitors has no nonce, and its
 * Content-Security-Policy allows exactly these texts by their SHA-256, with
 * the page cache's own hydration loader (server/cache/defer-hydration.server.ts).
 * The list is fixed by the build (the font files' URLs are), so the hashes
 * are computed once, from here, never from the HTML being served: any other
 * inline script in a page, injected through content or by a bug, has no hash
 * and the browser refuses to run it (ADR 22).
 *
 * The components render these constants, so what a page carries and what the
 * policy allows are one value. A new inline script belongs in this list; the
 * browser tests fail on a CSP violation otherwise.
 */
import { WEB_FONTS } from "../styles/web-fonts";
import { EARLY_CONTROLS_SCRIPT } from "./early-controls";
import { webFontLoader } from "./web-font-loader";

/** Adds the web fonts to a public page when they cannot shift its text (lib/web-font-loader.ts). */
export const WEB_FONT_SCRIPT = webFontLoader(WEB_FONTS);

/** What the server build exports (entry.server.tsx) and the page cache hashes. */
export const INLINE_SCRIPTS: readonly string[] = [EARLY_CONTROLS_SCRIPT, WEB_FONT_SCRIPT];

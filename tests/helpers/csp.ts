/** The Content-Security-Policy a page is served with, as end-to-end specs check it. */

/** Pages rendered for one visitor: a fresh nonce, trusted scripts loading the rest. */
export const NONCE_POLICY = /script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/;
/** Pages shared between visitors (and cached): the hashes of their own inline scripts. */
export const HASH_POLICY = /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/;

/**
 * Records each policy violation in the page (window.__cspViolations) from the
 * document's first script on; read it with `cspViolations` before the page is left.
 */
export function recordViolations() {
  document.addEventListener("securitypolicyviolation", (e) => {
    const w = window as unknown as { __cspViolations?: string[] };
    w.__cspViolations ??= [];
    w.__cspViolations.push(
      `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
    );
  });
}

/** The violations recorded in the current document. */
export const cspViolations = () =>
  (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [];

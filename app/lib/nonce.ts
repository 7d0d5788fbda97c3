import { useContext } from "react";
import { UNSAFE_FrameworkContext } from "react-router";

/**
 * This response's Content-Security-Policy nonce for an inline <script>, as
 * <ServerRouter nonce> received it (undefined in the browser, where the page's
 * scripts have already been allowed).
 */
export function useNonce(): string | undefined {
  return useContext(UNSAFE_FrameworkContext)?.nonce;
}

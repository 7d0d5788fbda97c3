/**
 * The server entry: React Router's default Node entry (streaming, bots wait for
 * all content) plus the Content-Security-Policy nonce and our logger.
 *
 * The nonce is made per request by the server (server/security/headers.server.ts),
 * which also sends the policy; it reaches this file through the load context.
 * ServerRouter hands it to <Scripts>, <Links> and the streamed data scripts, and
 * React puts it on its own inline scripts.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { pageFailed } from "../server/page-outcome.server";
import { redactPath } from "../server/route-match.server";
import { PublicCssText } from "./components/PublicStyles";
import { getApp } from "./lib/context";
// The public stylesheet as text, to inline into public pages (components/PublicStyles.tsx).
import publicCss from "./public.css?inline";

/**
 * The application's own inline scripts, read by the server from this build:
 * pages shared between visitors allow exactly these by hash (lib/inline-scripts.ts).
 */
export { INLINE_SCRIPTS as inlineScripts } from "./lib/inline-scripts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, log } = getApp(loadContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots (and SPA mode) wait for all content, so they index the finished page. So does a page
    // rendered without a nonce: the page cache shares it, reads it whole before anyone gets it (so
    // streaming gains nothing), and a boundary React streamed out of line would be completed by
    // React's own inline scripts, which a shared page's policy does not allow (lib/inline-scripts.ts).
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || nonce === undefined
        ? "onAllReady"
        : "onShellReady";

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <PublicCssText.Provider value={publicCss}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </PublicCssText.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above and reach handleError; these come later, while streaming.
          if (shellRendered) {
            log.error("page stream failed", { path: redactPath(new URL(request.url).pathname), error });
          }
        },
      },
    );
  });
}

/**
 * Loader, action and render errors, through the redacting logger: React
 * Router's default prints them with console.error, and a database error's
 * message holds the query and its parameters.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A client's error the router answered (a page that is not there, a request it cannot take):
  // the request's own log line, at info, records it.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The database away marks the page for a 503 with Retry-After (server/page-outcome.server.ts).
  pageFailed(getApp(context), "page request failed", error, {
    path: redactPath(new URL(request.url).pathname),
  });
};

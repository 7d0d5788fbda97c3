/**
 * The Cache-Control of every personal or changing answer (admin, the API's
 * writes and private reads, redirects, errors, a form's answer): no browser,
 * proxy or CDN keeps it; also the fetch cache mode of a status poll. The one
 * spelling of it; shared pages and files set their own (server/cache).
 */
export const NO_STORE = "no-store";

/** The same as a headers object, for a route action's redirect or data() (frozen: copy it to add more). */
export const NO_STORE_HEADERS: Readonly<Record<"Cache-Control", string>> = Object.freeze({
  "Cache-Control": NO_STORE,
});

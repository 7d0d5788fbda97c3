/**
 * Public pages load their scripts after the first paint
 * (server/cache/defer-hydration.server.ts), and until React has hydrated a
 * control only the browser answers it. Most controls are native elements that
 * need nothing more (`<details>`, popovers, links, forms that post). A filter
 * dropdown is a GET form too, but a browser submits a form only from a button:
 * this inline script, in every public page's <head>, submits a form marked
 * with SUBMIT_ON_CHANGE when one of its dropdowns changes, so the server
 * renders the filtered list. The component drops the mark once it has
 * hydrated (useHydrated) and filters in place from then on. Without
 * JavaScript the form shows an Apply button instead (<noscript>).
 */
export const SUBMIT_ON_CHANGE = "data-submit-on-change";

export const EARLY_CONTROLS_SCRIPT = [
  'addEventListener("change",e=>{',
  "const t=e.target,f=t instanceof HTMLSelectElement&&t.form;",
  `if(f&&f.hasAttribute("${SUBMIT_ON_CHANGE}"))f.requestSubmit()`,
  "})",
].join("");

/** The attribute for a filter form: set while the browser alone answers it (see above). */
export function submitOnChange(hydrated: boolean): Record<string, string | undefined> {
  return { [SUBMIT_ON_CHANGE]: hydrated ? undefined : "" };
}

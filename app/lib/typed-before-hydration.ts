import { type RefObject, useLayoutEffect, useRef } from "react";

/**
 * A public page is working HTML for a second or more before its scripts
 * hydrate it (server/cache/defer-hydration.server.ts): a visitor may type
 * into its form or pick an option meanwhile. React renders a controlled field
 * from state, so its next render would put the state's (empty) value back and
 * what the screen showed would not be what is sent. This hands `adopt` the
 * form's fields as they are when React takes over, once, before any later
 * render, for the state to take them.
 */
export function useAdoptTypedValues(
  form: RefObject<HTMLFormElement | null>,
  adopt: (typed: FormData) => void,
) {
  const latest = useRef(adopt);
  latest.current = adopt;
  useLayoutEffect(() => {
    if (form.current) latest.current(new FormData(form.current));
  }, [form]);
}

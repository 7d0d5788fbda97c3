/**
 * A form's result message, brought into view: on a phone the message of an
 * action (details saved, a booking cancelled, a refused payment) is easily
 * off screen, above or below the button that was pressed. Once the action
 * has completed, the message element is scrolled into view and focused, so
 * a screen reader reads it too; the element takes `tabIndex={-1}`. Without
 * JavaScript the pages render the message at the top of the form's section.
 */
import { useEffect, useRef } from "react";

/**
 * `completed` identifies one completed action whose message is shown, or is
 * null while none is: the location's key after a navigation (a post answers
 * with a new one), or the answer of a script's own call. Each new value
 * brings the message into view once.
 */
export function useResultInView<T extends HTMLElement = HTMLElement>(completed: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (completed === null || completed === undefined || completed === false || completed === "") return;
    // After the page's own scroll to the top of a new route (the layout's effect runs after this one).
    const frame = requestAnimationFrame(() => {
      const message = ref.current;
      if (!message) return;
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      message.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
      message.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [completed]);
  return ref;
}

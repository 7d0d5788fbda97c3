import { useState } from "react";
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { useResultInView } from "../../app/lib/result-in-view";

/** A phone-length form: the message sits far above the button that answers it. */
function LongForm() {
  const [answer, setAnswer] = useState<{ text: string } | null>(null);
  const ref = useResultInView<HTMLParagraphElement>(answer);
  return (
    <div>
      {answer ? (
        <p ref={ref} tabIndex={-1} role="alert">
          {answer.text}
        </p>
      ) : null}
      <div style={{ height: "3000px" }} />
      <button type="button" onClick={() => setAnswer({ text: "Your card was declined." })}>
        Pay
      </button>
    </div>
  );
}

const inView = (el: Element) => {
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
};

test("once an action answers, its message is scrolled into view and focused, each time", async () => {
  render(<LongForm />);
  const pay = page.getByRole("button", { name: "Pay" });
  await pay.click();
  const message = page.getByRole("alert");
  await expect.element(message).toHaveFocus();
  await expect.poll(() => inView(message.element())).toBe(true);

  // The same refusal again: a new answer, so into view again.
  (pay.element() as HTMLButtonElement).focus();
  await pay.click();
  await expect.element(message).toHaveFocus();
  await expect.poll(() => inView(message.element())).toBe(true);
});

test("nothing moves while there is no answer", async () => {
  render(<LongForm />);
  expect(document.activeElement).toBe(document.body);
  expect(window.scrollY).toBe(0);
});

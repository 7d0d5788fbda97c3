import { act } from "react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { TESTIMONIAL_ROTATION_MS, TestimonialCarousel } from "../../app/components/TestimonialCarousel";

const REVIEWS = Array.from({ length: 6 }, (_, i) => ({
  id: `t${i + 1}`,
  customer_name: `Guest ${i + 1}`,
  content: `Review ${i + 1}.`,
  rating: 5,
  location: "Sydney",
  adventure_title: "Guided Shore Dive",
}));
const COUNT = REVIEWS.length;

/** The carousel on a page, with somewhere else for the pointer to go. */
const Carousel = () => (
  <>
    <div data-testid="elsewhere" style={{ height: "120px" }} />
    <TestimonialCarousel testimonials={REVIEWS} />
  </>
);

const carousel = () => page.getByTestId("testimonial-carousel");
const slide = (n: number) =>
  carousel()
    .getByTestId("testimonial-slide")
    .nth(n - 1);
const dot = (n: number) => carousel().getByRole("button", { name: `Show review ${n}` });
/** The review shown, by its dot (the only pressed one). */
const showing = () =>
  carousel()
    .getByRole("button", { name: /^Show review \d+$/ })
    .elements()
    .filter((b) => b.getAttribute("aria-pressed") === "true")
    .map((b) => b.getAttribute("aria-label"));
const rotating = () => carousel().element().getAttribute("data-rotating");
/**
 * The slide on show: the current one, and the others hidden from sight and from assistive
 * technology. Read at once: waiting assertions move a fake clock while they wait.
 */
function current(n: number) {
  const slides = carousel().getByTestId("testimonial-slide").elements();
  expect(slides.map((el) => el.getAttribute("data-active"))).toEqual(
    slides.map((_, i) => String(i === n - 1)),
  );
  for (const [i, el] of slides.entries()) {
    expect(el.getAttribute("aria-hidden")).toBe(i === n - 1 ? null : "true");
    expect(el.classList.contains(i === n - 1 ? "visible" : "invisible")).toBe(true);
  }
}

/** Moves the clock; React's updates from the timers are applied before the test looks. */
async function runFor(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}
/**
 * Pointer and focus away from the carousel: either one holds the rotation. Done with DOM
 * events, not userEvent, whose waiting for the element moves the fake clock.
 */
async function leave() {
  await act(async () => {
    const elsewhere = page.getByTestId("elsewhere").element();
    carousel()
      .element()
      .dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: elsewhere }));
    (document.activeElement as HTMLElement | null)?.blur();
  });
}
/** A dot or arrow chosen by hand: focused and clicked, as a tap does. */
async function press(button: ReturnType<typeof dot>) {
  await act(async () => {
    const el = button.element() as HTMLButtonElement;
    el.focus();
    el.click();
  });
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

test("starts on review 1, advances every 5 seconds, and switches with the dots and arrows", async () => {
  expect(TESTIMONIAL_ROTATION_MS).toBe(5_000);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  await render(<Carousel />);
  expect(dot(1).element().checkVisibility()).toBe(true);
  expect(
    carousel()
      .getByRole("button", { name: /^Show review \d+$/ })
      .elements(),
  ).toHaveLength(COUNT);

  // Review 1 first, the others hidden.
  expect(slide(1).element().checkVisibility({ visibilityProperty: true })).toBe(true);
  expect(slide(2).element().checkVisibility({ visibilityProperty: true })).toBe(false);
  current(1);
  expect(showing()).toEqual(["Show review 1"]);
  expect(
    slide(1)
      .getByRole("img", { name: /^Rated \d out of 5$/ })
      .elements(),
  ).toHaveLength(1);

  await leave();
  expect(carousel().element().getAttribute("data-hydrated")).toBe("true");
  expect(rotating()).toBe("true");
  // Not a moment before 5 seconds, and at 5 seconds exactly.
  await runFor(4_999);
  expect(showing()).toEqual(["Show review 1"]);
  await runFor(1);
  expect(showing()).toEqual(["Show review 2"]);
  current(2);
  await runFor(5_000);
  expect(showing()).toEqual(["Show review 3"]);

  // A dot shows its review; with focus inside, the rotation waits.
  await press(dot(COUNT));
  current(COUNT);
  expect(dot(COUNT).element().getAttribute("aria-current")).toBe("true");
  expect(rotating()).toBe("false");
  await runFor(20_000);
  expect(showing()).toEqual([`Show review ${COUNT}`]);

  // Choosing by hand restarts the 5 seconds; after the last comes review 1 again.
  await leave();
  expect(rotating()).toBe("true");
  await runFor(4_999);
  expect(showing()).toEqual([`Show review ${COUNT}`]);
  await runFor(1);
  expect(showing()).toEqual(["Show review 1"]);

  // Next wraps around to review 2; Previous goes back.
  await carousel().getByRole("button", { name: "Next review" }).click();
  current(2);
  await carousel().getByRole("button", { name: "Previous review" }).click();
  current(1);
});

test("the rotation can be paused and played again", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  await render(<Carousel />);
  await press(carousel().getByRole("button", { name: "Pause reviews" }));
  // Pointer and focus leave the carousel after each click, so only the button decides.
  await leave();
  expect(rotating()).toBe("false");
  await runFor(30_000);
  expect(showing()).toEqual(["Show review 1"]);
  await press(carousel().getByRole("button", { name: "Play reviews" }));
  await leave();
  expect(rotating()).toBe("true");
  expect(carousel().getByRole("button", { name: "Pause reviews" }).elements()).toHaveLength(1);
  // Review 2 five seconds after Play, not before.
  await runFor(4_999);
  expect(showing()).toEqual(["Show review 1"]);
  await runFor(1);
  expect(showing()).toEqual(["Show review 2"]);
});

test("for reduced motion it stands still and offers no pause button", async () => {
  const matchMedia = window.matchMedia.bind(window);
  vi.spyOn(window, "matchMedia").mockImplementation((query) =>
    query === "(prefers-reduced-motion: reduce)"
      ? ({
          ...matchMedia(query),
          matches: true,
          addEventListener() {},
          removeEventListener() {},
        } as MediaQueryList)
      : matchMedia(query),
  );
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  await render(<Carousel />);
  expect(carousel().element().getAttribute("data-hydrated")).toBe("true");
  expect(rotating()).toBe("false");
  expect(
    carousel()
      .getByRole("button", { name: /^(Pause|Play) reviews$/ })
      .elements(),
  ).toHaveLength(0);
  await runFor(30_000);
  expect(showing()).toEqual(["Show review 1"]);
  current(1);
});

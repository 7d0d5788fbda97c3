import { expect, test } from "vitest";
import { render } from "vitest-browser-react";
import { PaymentBanner } from "../../app/components/booking/Banners";

/** A CSS colour as sRGB (the browser resolves oklch and friends through a canvas), then its hue. */
function hueOf(el: Element, property: "color" | "background-color"): { hue: number; rgb: number[] } {
  const css = getComputedStyle(el).getPropertyValue(property);
  const ctx = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
  ctx.fillStyle = css;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = Array.from(ctx.getImageData(0, 0, 1, 1).data).slice(0, 3);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  let hue = 0;
  if (max !== min) {
    const d = max - min;
    if (max === r) hue = ((g - b) / d) % 6;
    else if (max === g) hue = (b - r) / d + 2;
    else hue = (r - g) / d + 4;
    hue = (hue * 60 + 360) % 360;
  }
  return { hue, rgb: [r, g, b] };
}

const GREEN = (h: number) => h >= 90 && h <= 170;
const RED = (h: number) => h >= 340 || h <= 20;
const BLUE = (h: number) => h >= 185 && h <= 250;

/** The spec's status texts and the colour each is shown in (the text decides the colour). */
const BANNERS = [
  {
    text: "Payment successful! Thank you for your booking. You will receive a confirmation email shortly.",
    colour: "green",
    tone: "success",
    is: GREEN,
  },
  { text: "Payment session expired. Please try booking again.", colour: "red", tone: "error", is: RED },
  {
    text: "Payment was cancelled. Please try booking again if you wish to proceed.",
    colour: "red",
    tone: "error",
    is: RED,
  },
  { text: "Payment is being processed...", colour: "blue", tone: "info", is: BLUE },
] as const;

for (const banner of BANNERS) {
  test(`the payment banner is ${banner.colour} for "${banner.text}"`, async () => {
    const screen = await render(<PaymentBanner message={banner.text} />);
    const el = screen.getByTestId("payment-banner");
    await expect.element(el).toHaveTextContent(banner.text);
    await expect.element(el).toHaveAttribute("data-tone", banner.tone);
    const background = hueOf(el.element(), "background-color");
    const text = hueOf(el.element(), "color");
    expect(banner.is(background.hue), `background ${background.rgb} hue ${background.hue}`).toBe(true);
    expect(banner.is(text.hue), `text ${text.rgb} hue ${text.hue}`).toBe(true);
    // The waiting state carries its waiting icon.
    expect(el.element().querySelectorAll("svg.animate-pulse")).toHaveLength(banner.colour === "blue" ? 1 : 0);
  });
}

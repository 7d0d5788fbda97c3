import { renderToString } from "react-dom/server";
import { afterEach, expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { NewsletterForm } from "../../app/components/NewsletterForm";
import { serverHtml } from "./server-html";

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The next form submission, seen last (after the page's own handlers): the
 * form, and whether the page kept the browser from sending it. The test then
 * stops it, so the test page stays.
 */
function nextSubmit(): Promise<{ form: HTMLFormElement; handledByPage: boolean }> {
  return new Promise((resolve) => {
    window.addEventListener(
      "submit",
      (event) => {
        const handledByPage = event.defaultPrevented;
        event.preventDefault();
        resolve({ form: event.target as HTMLFormElement, handledByPage });
      },
      { once: true },
    );
  });
}

test("before its script runs, the box posts the address to /newsletter, never into a URL", async () => {
  // The server-rendered form, not hydrated: what a visitor has before the page's scripts load.
  const host = document.createElement("div");
  host.innerHTML = renderToString(<NewsletterForm />);
  document.body.append(host);
  try {
    await userEvent.fill(page.getByRole("textbox", { name: "Email address" }), "ava@example.com");
    const submitted = nextSubmit();
    await page.getByRole("button", { name: "Subscribe" }).click();
    const { form, handledByPage } = await submitted;
    expect(handledByPage).toBe(false);
    expect(form.method).toBe("post");
    expect(new URL(form.action).pathname).toBe("/newsletter");
    expect(new FormData(form).get("email")).toBe("ava@example.com");
  } finally {
    host.remove();
  }
});

test("with JavaScript it calls the API in place and shows the server's thank-you", async () => {
  const fetch = vi.spyOn(window, "fetch").mockResolvedValue(
    new Response(
      JSON.stringify({
        success: true,
        id: "x",
        message: "Thanks for subscribing! Watch your inbox for trip news.",
      }),
      { status: 200, headers: { "Content-Type": "application/json" } },
    ),
  );
  const screen = await render(<NewsletterForm />);
  await userEvent.fill(screen.getByRole("textbox", { name: "Email address" }), "ava@example.com");
  const submitted = nextSubmit();
  await screen.getByRole("button", { name: "Subscribe" }).click();
  expect((await submitted).handledByPage).toBe(true);
  await expect
    .element(screen.getByRole("status"))
    .toHaveTextContent("Thanks for subscribing! Watch your inbox for trip news.");
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe("/api/newsletter/subscribe");
  expect(JSON.parse(String(init?.body))).toEqual({ email: "ava@example.com" });
});

test("an address typed before the scripts took over is the one the script sends", async () => {
  const fetch = vi.spyOn(window, "fetch").mockResolvedValue(
    new Response(JSON.stringify({ success: true, id: "x", message: "Thanks for subscribing!" }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    }),
  );
  const html = serverHtml(<NewsletterForm />);
  await userEvent.fill(page.getByRole("textbox", { name: "Email address" }), "early@example.com");
  await html.hydrate();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect.element(page.getByRole("status")).toHaveTextContent("Thanks for subscribing!");
  expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ email: "early@example.com" });
});

test("with JavaScript an empty or malformed address is answered in place, without a request", async () => {
  const fetch = vi.spyOn(window, "fetch");
  const screen = await render(<NewsletterForm />);
  await screen.getByRole("button", { name: "Subscribe" }).click();
  await expect.element(screen.getByRole("status")).toHaveTextContent("Email is required");
  await userEvent.fill(screen.getByRole("textbox", { name: "Email address" }), "ava@");
  await screen.getByRole("button", { name: "Subscribe" }).click();
  await expect.element(screen.getByRole("status")).toHaveTextContent("Enter a valid email address");
  expect(fetch).not.toHaveBeenCalled();
});

test("a malformed address is kept and marked invalid; corrected, it is sent and the mark goes", async () => {
  const fetch = vi.spyOn(window, "fetch").mockResolvedValue(
    new Response(
      JSON.stringify({
        success: true,
        id: "x",
        message: "Thanks for subscribing! Watch your inbox for trip news.",
      }),
      { status: 200, headers: { "Content-Type": "application/json" } },
    ),
  );
  const screen = await render(<NewsletterForm />);
  const input = screen.getByRole("textbox", { name: "Email address" });
  await userEvent.fill(input, "not-an-email");
  await screen.getByRole("button", { name: "Subscribe" }).click();
  await expect.element(screen.getByRole("status")).toHaveTextContent("Enter a valid email address");
  await expect.element(input).toHaveAttribute("aria-invalid", "true");
  await expect.element(input).toHaveValue("not-an-email");
  expect(fetch).not.toHaveBeenCalled();

  await userEvent.fill(input, "fixed@example.com");
  await screen.getByRole("button", { name: "Subscribe" }).click();
  await expect.element(screen.getByRole("status")).toMatchTextContent(/thanks for subscribing/i);
  await expect.element(input).toHaveAttribute("aria-invalid", "false");
  expect(fetch).toHaveBeenCalledTimes(1);
});

test("asked to wait (429), the box shows the server's own sentence", async () => {
  // The server's exact 429 shape (the limits themselves are tested in tests/api/public-limits.test.ts).
  const wait = "Too many requests from your connection. Please wait 4 minutes and try again.";
  vi.spyOn(window, "fetch").mockResolvedValue(
    new Response(JSON.stringify({ detail: wait, retry_after: 240, errors: {} }), {
      status: 429,
      headers: { "Content-Type": "application/json", "Retry-After": "240" },
    }),
  );
  const screen = await render(<NewsletterForm />);
  await userEvent.fill(screen.getByRole("textbox", { name: "Email address" }), "news.wait@example.com");
  await screen.getByRole("button", { name: "Subscribe" }).click();
  await expect.element(screen.getByRole("status")).toHaveTextContent(wait);
});

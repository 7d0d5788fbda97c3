import { expect, test } from "vitest";
import { type Locator, page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { type FaqEntry, FaqList } from "../../app/components/FaqList";
import { serverHtml } from "./server-html";

const entry = (id: string, question: string, answer: string): FaqEntry => ({ id, question, answer });

/** Two categories, as the page lists them: one answer open at a time across both. */
const GROUPS: FaqEntry[][] = [
  [
    entry("a", "Do I need to be certified?", "No.\nOur Discover Scuba Diving trip is for first-timers."),
    entry("b", "How old do I need to be?", "12 for diving, 8 for camping with a guardian."),
    entry("c", "What should I bring?", "Swimwear, a towel and sunscreen."),
  ],
  [
    entry("d", "What if the weather turns?", "We move your trip for free or refund it in full."),
    entry("e", "How far ahead should I book?", "Three to seven days."),
  ],
];

function Faq() {
  return (
    <>
      {GROUPS.map((items) => (
        <FaqList key={items[0].id} items={items} />
      ))}
    </>
  );
}

const questions = (root: Locator = page.elementLocator(document.body)) =>
  root.getByRole("heading", { level: 3 });
/** The question's answer (its <details> content) and whether it is open. */
const answerOf = (id: string) => page.elementLocator(document.getElementById(`faq-a-${id}`) as HTMLElement);
const openCount = () => document.querySelectorAll("details[open]").length;

test("one answer is open at a time across the page; clicking the open one closes it", async () => {
  await render(<Faq />);
  expect(openCount()).toBe(0);
  for (const id of ["a", "b", "c", "d", "e"]) await expect.element(answerOf(id)).not.toBeVisible();
  // Paragraphs of the answer, each its own.
  expect(answerOf("a").element().querySelectorAll("p")).toHaveLength(2);
  await expect.element(answerOf("a")).toHaveAttribute("aria-labelledby", "faq-q-a");

  await questions().nth(0).click();
  await expect.element(answerOf("a")).toBeVisible();
  expect(answerOf("a").element().textContent).toContain(
    "Our Discover Scuba Diving trip is for first-timers.",
  );

  // The last one sits in the other category: still one open answer on the page.
  await questions().nth(4).click();
  await expect.element(answerOf("e")).toBeVisible();
  await expect.element(answerOf("a")).not.toBeVisible();
  expect(openCount()).toBe(1);

  await questions().nth(4).click();
  await expect.element(answerOf("e")).not.toBeVisible();
  expect(openCount()).toBe(0);
});

test("the accordion works with Enter and Space, in the keyboard order", async () => {
  await render(<Faq />);
  const summaries = [...document.querySelectorAll("summary")];
  summaries[2].focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(answerOf("c")).toBeVisible();
  await userEvent.keyboard(" ");
  await expect.element(answerOf("c")).not.toBeVisible();
  await userEvent.keyboard(" ");
  await expect.element(answerOf("c")).toBeVisible();

  await userEvent.keyboard("{Tab}");
  expect(document.activeElement).toBe(summaries[3]);
  await userEvent.keyboard("{Enter}");
  await expect.element(answerOf("d")).toBeVisible();
  await expect.element(answerOf("c")).not.toBeVisible();
});

test("an open question is marked: its colour and the turned chevron", async () => {
  await render(<Faq />);
  const heading = questions().nth(1);
  const colour = () => getComputedStyle(heading.element()).color;
  const closed = colour();
  await heading.click();
  await expect.poll(colour).not.toBe(closed);
  const chevron = heading.element().nextElementSibling as Element;
  await expect.poll(() => getComputedStyle(chevron).rotate).toBe("180deg");
});

test("works from the server's HTML alone, before any script runs", async () => {
  const html = serverHtml(<Faq />);
  await questions(html.screen).nth(1).click();
  await expect.element(answerOf("b")).toBeVisible();
  await questions(html.screen).nth(3).click();
  await expect.element(answerOf("d")).toBeVisible();
  await expect.element(answerOf("b")).not.toBeVisible();
  // React takes over the same elements and leaves the open answer open.
  await html.hydrate();
  await expect.element(answerOf("d")).toBeVisible();
  await questions(html.screen).nth(0).click();
  await expect.element(answerOf("a")).toBeVisible();
  await expect.element(answerOf("d")).not.toBeVisible();
});

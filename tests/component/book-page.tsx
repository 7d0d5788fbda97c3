/**
 * /book's flow on its route, as the page renders it, for the component tests
 * of the booking form: two adventures, two dates, and the route stub whose
 * loader answers the adventure cards.
 */
import type { ComponentProps } from "react";
import { createRoutesStub } from "react-router";
import { page } from "vitest/browser";
import {
  type BookableAdventure,
  BookingFlow,
  type DateOption,
} from "../../app/components/booking/BookingFlow";

export const adventure = (id: string, title: string, price: number, currency = "AUD"): BookableAdventure => ({
  id,
  slug: id,
  title,
  short_description: `${title}, in short.`,
  price_num: price,
  price_display: `$${price} per person`,
  currency,
  duration: "3 hours",
  groupSize: "1-4 people",
  group_size_min: 1,
  group_size_max: 4,
  image: "/logo.svg",
  image_alt: title,
});
export const ADVENTURES = [
  adventure("dive-exhibition", "Discover Scuba Diving", 95),
  adventure("guided-shore-dive", "Guided Shore Dive", 135),
];
export const DATES: DateOption[] = [
  { date: "2032-08-01", display: "Sunday 1 August 2032", available: true, spots_left: 4, price: 117 },
  { date: "2032-08-08", display: "Sunday 8 August 2032", available: true, spots_left: 3, price: 135 },
];
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export type FlowProps = ComponentProps<typeof BookingFlow>;

/** /book's page component as the route renders it: the flow with what the loader gave the page. */
function BookRoute({ loaderData }: { loaderData: FlowProps }) {
  return <BookingFlow {...loaderData} />;
}

/**
 * The flow on its /book route, as the page renders it. The route's loader
 * answers a fetcher with `datesOf(adventure)` and records each address asked.
 */
export function bookPage(
  props: Partial<FlowProps>,
  { datesOf = () => DATES, asked = [] }: { datesOf?: (id: string) => DateOption[]; asked?: string[] } = {},
) {
  const Stub = createRoutesStub([
    {
      id: "book",
      path: "/book",
      Component: BookRoute as () => React.ReactElement,
      loader: ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.pathname}${url.search}`);
        const id = url.searchParams.get("adventure");
        return { preselected: id, initialDates: id ? datesOf(id) : [] };
      },
    },
  ]);
  // The page arrives rendered: its loader's answer is already in it.
  const page: FlowProps = { adventures: ADVENTURES, preselected: null, initialDates: [], ...props };
  return <Stub initialEntries={["/book"]} hydrationData={{ loaderData: { book: page } }} />;
}

/** The booking form's date select (the waitlist form below it has one too, without the prompt). */
export const dateSelect = () => page.getByRole("combobox").filter({ hasText: "Select a date" });

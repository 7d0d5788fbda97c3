/**
 * What the pages' structured data (schema.org JSON-LD) says about the
 * business and its offers, as rules of their own: search engines show these
 * facts beside the page, so each must say what the page and the booking form
 * say.
 */
import type { SiteInfo } from "./site";

const SCHEMA = "https://schema.org/";

export type OfferAvailability =
  | "https://schema.org/InStock"
  | "https://schema.org/SoldOut"
  | "https://schema.org/OutOfStock";

/**
 * Whether an adventure can be booked, from the dates the booking form offers:
 * in stock while any date has a free spot; sold out when dates are open but
 * every one is full; out of stock when booking is off or no date is open.
 */
export function offerAvailability(
  bookingEnabled: boolean,
  dates: readonly { available: boolean; published: boolean }[],
): OfferAvailability {
  if (!bookingEnabled) return `${SCHEMA}OutOfStock`;
  if (dates.some((d) => d.available)) return `${SCHEMA}InStock`;
  if (dates.some((d) => d.published)) return `${SCHEMA}SoldOut`;
  return `${SCHEMA}OutOfStock`;
}

/** The business's postal address: the street and postcode the operator set, in Sydney, NSW. */
export function postalAddress(site: Pick<SiteInfo, "streetAddress" | "postcode">) {
  return {
    "@type": "PostalAddress",
    streetAddress: site.streetAddress || undefined,
    addressLocality: "Sydney",
    addressRegion: "NSW",
    postalCode: site.postcode || undefined,
    addressCountry: "AU",
  };
}

/** "1 review", "3 reviews": the count the page shows beside the average. */
export function reviewsText(count: number): string {
  return `${count} review${count === 1 ? "" : "s"}`;
}

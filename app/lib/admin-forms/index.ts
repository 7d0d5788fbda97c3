/**
 * The admin payload schemas, one module per job in this folder (text helpers,
 * adventures, gallery, reviews, FAQs, content, media, availability, check,
 * clearance, operator bookings, schedules),
 * shared by the console's forms and the server's API: importers name the
 * folder, and this index is its whole public surface.
 */

export * from "./adventures.ts";
export * from "./availability.ts";
export * from "./booking-page.ts";
export * from "./check.ts";
export * from "./clearance.ts";
export * from "./content.ts";
export * from "./faqs.ts";
export * from "./gallery.ts";
export * from "./invoices.ts";
export * from "./media.ts";
export * from "./operator-booking.ts";
export * from "./policy.ts";
export * from "./promo-codes.ts";
export * from "./reviews.ts";
export * from "./schedules.ts";
export * from "./text.ts";

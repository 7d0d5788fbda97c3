/**
 * Category lists that the public pages, the admin forms and the server all
 * use. Kept apart from the form schemas so public pages need no validation
 * library to show them.
 */

/** The public gallery's categories, with the labels visitors see. */
export const GALLERY_CATEGORIES = [
  { value: "diving", label: "Diving" },
  { value: "camping", label: "Camping" },
  { value: "equipment", label: "Equipment" },
  { value: "team", label: "Team" },
  { value: "adventure", label: "Adventure" },
  { value: "both", label: "Dive & Camp" },
  { value: "nature", label: "Nature" },
  { value: "hiking", label: "Hiking" },
] as const;

/** The FAQ page's six categories, in display order (public spec, /faq). */
export const FAQ_CATEGORIES = [
  "Getting Started",
  "Safety & Equipment",
  "Weather & Conditions",
  "Booking & Pricing",
  "Specific Adventures",
  "Health & Accessibility",
] as const;

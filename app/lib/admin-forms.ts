/**
 * The admin payload schemas, one module per job under ./admin-forms/ (text
 * helpers, adventures, gallery, reviews, FAQs, content, media, availability,
 * check). This file only re-exports them and stays so existing imports of
 * "admin-forms" keep working; new code imports the module it needs directly.
 */

export * from "./admin-forms/adventures.ts";
export * from "./admin-forms/availability.ts";
export * from "./admin-forms/check.ts";
export * from "./admin-forms/content.ts";
export * from "./admin-forms/faqs.ts";
export * from "./admin-forms/gallery.ts";
export * from "./admin-forms/media.ts";
export * from "./admin-forms/reviews.ts";
export * from "./admin-forms/text.ts";

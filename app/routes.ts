import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("adventures", "routes/public/adventures.tsx"),
    route("adventures/:slug", "routes/public/adventure.tsx"),
    route("weekend", "routes/public/weekend.tsx"),
    route("gallery", "routes/public/gallery.tsx"),
    route("reviews", "routes/public/reviews.tsx"),
    route("about", "routes/public/about.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("faq", "routes/public/faq.tsx"),
    route("book", "routes/public/book.tsx"),
    route("book/success", "routes/public/book-success.tsx"),
    // A booking's private link (no login) and the page that emails a fresh one.
    route("my-booking", "routes/public/my-booking-find.tsx"),
    route("my-booking/:token", "routes/public/my-booking.tsx"),
    // The customer reviews a trip that went ahead.
    route("my-booking/:token/review", "routes/public/my-booking-review.tsx"),
    // The customer moves their booking to another date.
    route("my-booking/:token/reschedule", "routes/public/my-booking-reschedule.tsx"),
    // Participants' details, medical questionnaire and waiver, one person of the group at a time.
    route("my-booking/:token/participants/:position", "routes/public/my-booking-participant.tsx"),
    // One participant's own link: their details only, nothing else of the booking.
    route("my-details/:token", "routes/public/my-details.tsx"),
    // The customer's answer to a weather cancellation: move, credit or refund.
    route("my-booking/:token/weather", "routes/public/my-booking-weather.tsx"),
    // Gift vouchers bought on the site.
    route("gift-vouchers", "routes/public/gift-vouchers.tsx"),
    route("gift-vouchers/success", "routes/public/gift-voucher-success.tsx"),
    // A newsletter's unsubscribe link: the page asks for a click; the one-click POST is answered before it.
    route("newsletter/unsubscribe/:token", "routes/public/newsletter-unsubscribe.tsx"),
    route("privacy", "routes/public/legal.tsx", { id: "privacy" }),
    route("terms", "routes/public/legal.tsx", { id: "terms" }),
    route("cancellation", "routes/public/legal.tsx", { id: "cancellation" }),
    route("*", "routes/public/not-found.tsx"),
  ]),
  // A booking's calendar file, a download from its private link.
  route("my-booking/:token/calendar.ics", "routes/public/my-booking-calendar.ts"),
  // Where a date change's checkout returns: settles it and opens the booking's page.
  route("my-booking/date-changed", "routes/public/my-booking-changed.ts"),
  // The built-in test checkout (used when no Stripe key is configured).
  route("checkout/test/:sessionId", "routes/checkout/test-checkout.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("pro-dashboard", "routes/admin/pro-dashboard.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("bookings", "routes/admin/bookings.tsx"),
      route("contacts", "routes/admin/contacts.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("calendar", "routes/admin/calendar.tsx"),
      route("settings-pro", "routes/admin/settings.tsx"),
      route("adventures-pro", "routes/admin/adventures-pro.tsx", { id: "adventures-pro" }),
      route("adventures-pro/:id", "routes/admin/adventures-pro.tsx", { id: "adventures-pro-edit" }),
      route("adventures-enhanced", "routes/admin/adventures-enhanced.tsx"),
      route("adventures", "routes/admin/adventures-legacy.tsx"),
      route("website-editor", "routes/admin/website-editor.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("gallery", "routes/admin/gallery.tsx"),
      route("testimonials", "routes/admin/testimonials.tsx"),
      route("faqs", "routes/admin/faqs.tsx"),
      route("emails", "routes/admin/emails.tsx"),
      route("manifest", "routes/admin/manifest.tsx"),
      route("weather", "routes/admin/weather.tsx"),
      route("vouchers", "routes/admin/vouchers.tsx"),
      route("waiver", "routes/admin/waiver.tsx"),
      // Dashboard quick actions name routes the spec never registers; each lands on the screen for that job.
      route("calendar-pro", "routes/admin/redirect.tsx", { id: "calendar-pro" }),
      route("media-pro", "routes/admin/redirect.tsx", { id: "media-pro" }),
      route("website-pro", "routes/admin/redirect.tsx", { id: "website-pro" }),
      route("bookings-pro", "routes/admin/redirect.tsx", { id: "bookings-pro" }),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;

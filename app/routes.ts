import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

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
    route("privacy", "routes/public/legal.tsx", { id: "privacy" }),
    route("terms", "routes/public/legal.tsx", { id: "terms" }),
    route("cancellation", "routes/public/legal.tsx", { id: "cancellation" }),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;

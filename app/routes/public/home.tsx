import { listActiveAdventures } from "../../../server/domain/content/adventures.server";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { listTestimonials, summarise } from "../../../server/domain/content/testimonials.server";
import { FeaturedAdventures } from "../../components/home/FeaturedAdventures";
import { HomeAbout } from "../../components/home/HomeAbout";
import { HomeCta } from "../../components/home/HomeCta";
import { HomeHero } from "../../components/home/HomeHero";
import { HomeReviews } from "../../components/home/HomeReviews";
import { SocialFollow } from "../../components/home/SocialFollow";
import { WeekendPreview } from "../../components/home/WeekendPreview";
import { WhatMakesUsDifferent } from "../../components/home/WhatMakesUsDifferent";
import { getApp } from "../../lib/context";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/home";

/** Weekend packages are the multi-day adventures (the same rule as the /weekend page). */
const isWeekendPackage = (duration: string) => /days|night/i.test(duration);

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [content, adventures, testimonials] = await Promise.all([
    loadSiteContent(db),
    listActiveAdventures(db),
    listTestimonials(db),
  ]);
  const home = content.homepage ?? {};
  const weekend = content.weekend ?? {};
  const packages = adventures.filter((a) => isWeekendPackage(a.duration));
  // The weekend the preview describes: the dive-and-camp one when there is one.
  const showcase =
    packages.find((a) => a.category === "combined" && /days/i.test(a.duration)) ?? packages[0] ?? null;

  return {
    hero: {
      title: home.hero_title || "Dive & Camp Adventures",
      subtitle: home.hero_subtitle ?? "",
      description: home.hero_description ?? "",
      image: home.hero_background || "/images/site/home-hero.webp",
    },
    about: { title: home.about_title || "About Us", text: home.about_text ?? "" },
    features: [1, 2, 3]
      .map((n) => ({
        title: home[`feature${n}_title`] ?? "",
        description: home[`feature${n}_description`] ?? "",
        image: home[`feature${n}_image`] ?? "",
      }))
      .filter((f) => f.title),
    cta: { title: home.cta_title || "Ready for Your Adventure?", text: home.cta_text ?? "" },
    featured: adventures.slice(0, 3),
    adventureCount: adventures.length,
    weekend: {
      title: weekend.weekend_hero_title || "Typical Weekend",
      description: weekend.weekend_hero_description ?? "",
      packageCount: packages.length,
      fromCents: packages.length ? Math.min(...packages.map((p) => Math.round(p.base_price * 100))) : 0,
      showcaseTitle: showcase?.title ?? "",
      points: showcase?.highlights.slice(0, 4) ?? [],
    },
    testimonials: testimonials.map((t) => ({
      id: t.id,
      customer_name: t.customer_name,
      content: t.content,
      rating: t.rating,
      location: t.location,
      adventure_title: t.adventure_title,
    })),
    rating: summarise(testimonials),
  };
}

/** Cut at a word boundary so search snippets end cleanly. */
function clip(text: string, max = 158): string {
  if (text.length <= max) return text;
  return `${text.slice(0, text.lastIndexOf(" ", max - 1)).replace(/[\s,.;:]+$/, "")}…`;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0].loaderData;
  const site = siteName(root.content);
  const guide = root.content.global.guide_name;
  const subtitle = (loaderData?.hero.subtitle ?? "").replace(/[.\s]+$/, "");
  // The subtitle plus the spec's facts, short enough for a search snippet.
  const facts = `Never more than four people, all gear included${guide ? `, led by ${guide}` : ""}.`;
  return seo({
    title: `${site} | Small-Group Scuba Diving & Camping in Sydney`,
    description: clip(
      subtitle
        ? `${subtitle}. ${facts}`
        : `Small-group scuba diving, snorkelling and camping adventures on the NSW coast. ${facts}`,
    ),
    path: "/",
    origin: root.origin,
    image: loaderData?.hero.image,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, about, features, cta, featured, adventureCount, weekend, testimonials, rating } = loaderData;
  const site = siteInfo(useRootData().content);

  return (
    <>
      <HomeHero hero={hero} rating={rating} />
      <HomeAbout about={about} site={site} />
      {featured.length > 0 && <FeaturedAdventures featured={featured} adventureCount={adventureCount} />}
      <WhatMakesUsDifferent features={features} site={site} adventureCount={adventureCount} />
      {weekend.packageCount > 0 && <WeekendPreview weekend={weekend} />}
      {testimonials.length > 0 && <HomeReviews testimonials={testimonials} rating={rating} />}
      <SocialFollow site={site} />
      <HomeCta cta={cta} />
    </>
  );
}

import { listActiveAdventures } from "../../../server/domain/content/adventures.server";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { DayByDay, type ItineraryStop, type WeekendPlan } from "../../components/weekend/DayByDay";
import { PerfectFor } from "../../components/weekend/PerfectFor";
import { WeekendCta } from "../../components/weekend/WeekendCta";
import { WeekendHero } from "../../components/weekend/WeekendHero";
import { WeekendInclusions } from "../../components/weekend/WeekendInclusions";
import { WeekendPackages } from "../../components/weekend/WeekendPackages";
import { getApp } from "../../lib/context";
import { groupSizeRange } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/weekend";

/** Weekend packages are the multi-day adventures: "2 days (weekend)", "Overnight (1 night)". */
const isWeekendPackage = (duration: string) => /days|night/i.test(duration);

/** "Day 1, 8:30 AM - Meet at ..." -> day 1, { time: "8:30 AM", text: "Meet at ..." }. */
function splitByDay(itinerary: string[]): WeekendPlan["days"] {
  const days = new Map<number, ItineraryStop[]>();
  for (const item of itinerary) {
    const m = /^Day\s*(\d+)\s*[,:-]?\s*(.*)$/i.exec(item.trim());
    if (!m) continue;
    const rest = m[2];
    const timed = /^(\d{1,2}(?::\d{2})?\s*(?:AM|PM))\s*[-–—:]\s*(.+)$/i.exec(rest);
    const stop = timed
      ? { time: timed[1], text: timed[2] }
      : { time: "", text: rest.replace(/^[-–—:]\s*/, "") };
    const day = Number(m[1]);
    days.set(day, [...(days.get(day) ?? []), stop]);
  }
  return [...days.entries()].sort((a, b) => a[0] - b[0]).map(([day, stops]) => ({ day, stops }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [content, adventures] = await Promise.all([loadSiteContent(db), listActiveAdventures(db)]);
  const weekend = content.weekend ?? {};
  const packages = adventures.filter((a) => isWeekendPackage(a.duration));
  const hasDay2 = (itinerary: string[]) => itinerary.some((i) => /^Day\s*2\b/i.test(i.trim()));
  // The breakdown follows the two-day dive-and-camp trip, else any two-day package.
  const main =
    packages.find((a) => a.category === "combined" && /days/i.test(a.duration) && hasDay2(a.itinerary)) ??
    packages.find((a) => hasDay2(a.itinerary)) ??
    packages[0] ??
    null;

  return {
    title: weekend.weekend_hero_title || "Typical Weekend",
    description: weekend.weekend_hero_description ?? "",
    packages: packages.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      tagline: p.tagline,
      short_description: p.short_description,
      image: p.hero_image,
      image_alt: p.hero_image_alt,
      price_display: p.price_display,
      price_cents: Math.round(p.base_price * 100),
      duration: p.duration,
      groupSize: p.groupSize,
      groupMax: groupSizeRange(p).max,
      location: p.location,
      best_for: p.best_for,
    })),
    main: main
      ? {
          id: main.id,
          slug: main.slug,
          title: main.title,
          price_display: main.price_display,
          days: splitByDay(main.itinerary).slice(0, 2),
          included: main.included_items,
        }
      : null,
  };
}

function clip(text: string, max = 158): string {
  if (text.length <= max) return text;
  return `${text.slice(0, text.lastIndexOf(" ", max - 1)).replace(/[\s,.;:]+$/, "")}…`;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches[0].loaderData;
  const site = siteName(root.content);
  const packages = loaderData?.packages ?? [];
  const from = packages.length ? Math.min(...packages.map((p) => p.price_cents)) : 0;
  // The hero's first sentence plus the facts a searcher compares: how many, from how much.
  const lead = /^[^.!?]+[.!?]/.exec(loaderData?.description ?? "")?.[0] ?? "";
  const facts = packages.length
    ? `${packages.length} weekend dive and camp ${packages.length === 1 ? "package" : "packages"} from ${formatMoney(from)} per person, with tents, meals and all gear set up for you.`
    : "Weekend dive and camping trips on the NSW coast, with tents, meals and all gear set up for you.";
  return seo({
    title: `${loaderData?.title || "Typical Weekend"} from Sydney | ${site}`,
    description: clip([lead, facts].filter(Boolean).join(" ")),
    path: "/weekend",
    origin: root.origin,
    image: "/images/site/weekend-hero.webp",
  });
};

export default function Weekend({ loaderData }: Route.ComponentProps) {
  const { title, description, packages, main } = loaderData;
  const site = siteInfo(useRootData().content);
  const perfectFor = packages.filter((p) => p.best_for.length > 0);

  return (
    <>
      <WeekendHero title={title} description={description} packages={packages} />
      <WeekendPackages packages={packages} />
      {main && main.days.length > 0 && <DayByDay main={main} />}
      {main && main.included.length > 0 && <WeekendInclusions main={main} />}
      {perfectFor.length > 0 && <PerfectFor packages={perfectFor} />}
      <WeekendCta site={site} />
    </>
  );
}

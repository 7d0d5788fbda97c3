import {
  ArrowRight,
  Backpack,
  BadgeCheck,
  CalendarDays,
  Check,
  MapPin,
  MessageCircle,
  ShieldCheck,
  Star,
  Tent,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { listActiveAdventures } from "../../../server/domain/content/adventures.server";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { listTestimonials, summarise } from "../../../server/domain/content/testimonials.server";
import { AdventureCard } from "../../components/AdventureCard";
import { FacebookIcon, InstagramIcon, YoutubeIcon } from "../../components/BrandIcons";
import { Img } from "../../components/Img";
import { Stats } from "../../components/Stats";
import { TestimonialCarousel } from "../../components/TestimonialCarousel";
import { getApp } from "../../lib/context";
import { formatMoney } from "../../lib/money";
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

const FEATURE_ICONS = [Users, BadgeCheck, Backpack];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, about, features, cta, featured, adventureCount, weekend, testimonials, rating } = loaderData;
  const site = siteInfo(useRootData().content);

  return (
    <>
      {/* Hero: full-bleed behind the transparent header. */}
      <section
        data-testid="home-hero"
        className="relative isolate flex min-h-[100svh] items-end overflow-hidden bg-ocean-950 lg:min-h-[92vh] lg:items-center"
      >
        <Img
          src={hero.image}
          alt=""
          priority
          sizes="100vw"
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-t from-ocean-950 via-ocean-950/60 to-ocean-950/25 lg:bg-gradient-to-r lg:from-ocean-950/90 lg:via-ocean-950/55 lg:to-ocean-950/5"
        />
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-36 bg-gradient-to-b from-ocean-950/60 to-transparent"
        />
        <div className="container-site pt-32 pb-14 sm:pb-20 lg:py-32">
          <div className="max-w-2xl text-white">
            {hero.subtitle && (
              <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3.5 py-1.5 text-xs font-semibold tracking-wide text-reef-100 ring-1 ring-white/20 backdrop-blur-sm sm:text-sm">
                <MapPin aria-hidden="true" className="h-3.5 w-3.5 flex-none" />
                {hero.subtitle}
              </p>
            )}
            <h1 className="mt-5 text-4xl leading-[1.08] font-semibold tracking-tight text-white sm:text-5xl lg:text-6xl">
              {hero.title}
            </h1>
            {hero.description && (
              <p className="mt-5 max-w-xl text-base leading-relaxed text-ocean-50/90 sm:text-lg">
                {hero.description}
              </p>
            )}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/adventures" className="btn-primary px-6 py-3.5 text-base">
                Explore Adventures
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
              <Link to="/book" className="btn-ghost-light px-6 py-3.5 text-base">
                Book Now
              </Link>
            </div>
            {rating.count > 0 && (
              <p className="mt-8 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ocean-100">
                <span className="flex gap-0.5" aria-hidden="true">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star key={n} className="h-4 w-4 fill-amber-400 text-amber-400" />
                  ))}
                </span>
                <span>
                  <strong className="font-semibold text-white">{rating.average.toFixed(1)}</strong> average
                  from{" "}
                  <Link
                    to="/reviews"
                    className="underline decoration-white/40 underline-offset-4 hover:text-white"
                  >
                    {rating.count} {rating.count === 1 ? "review" : "reviews"}
                  </Link>
                </span>
              </p>
            )}
          </div>
        </div>
      </section>

      {/* About */}
      <section className="py-20 sm:py-28" aria-labelledby="home-about">
        <div className="container-site grid items-center gap-12 lg:grid-cols-[5fr_6fr] lg:gap-16">
          <div className="relative mx-auto w-full max-w-md lg:max-w-none">
            <div className="overflow-hidden rounded-3xl bg-ocean-100 shadow-xl shadow-ocean-900/10">
              <Img
                src="/images/site/about-guide.webp"
                alt={`${site.guideName}, PADI instructor and founder of ${site.title}`}
                sizes="(min-width: 1024px) 560px, 100vw"
                className="aspect-[4/5] w-full object-cover lg:aspect-square"
              />
            </div>
            <div className="absolute -bottom-6 left-4 flex items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-lg ring-1 ring-slate-200/80 sm:-left-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-reef-50 text-reef-700">
                <ShieldCheck aria-hidden="true" className="h-5 w-5" />
              </span>
              <span className="text-sm">
                <span className="block font-semibold text-ocean-900">PADI instructor</span>
                <span className="block text-slate-600">Certified since 2016</span>
              </span>
            </div>
          </div>
          <div>
            <p className="eyebrow">About {site.title}</p>
            <h2 id="home-about" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
              {about.title}
            </h2>
            {about.text && <p className="mt-5 text-lg leading-relaxed text-slate-600">{about.text}</p>}
            <Stats className="mt-8" />
            <Link
              to="/about"
              className="mt-8 inline-flex items-center gap-2 font-semibold text-reef-700 hover:text-reef-600"
            >
              Meet {site.guideName}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </div>
        </div>
      </section>

      {/* Featured adventures */}
      {featured.length > 0 && (
        <section className="bg-sand-50 py-20 sm:py-28" aria-labelledby="home-featured">
          <div className="container-site">
            <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
              <div className="max-w-2xl">
                <p className="eyebrow">Featured adventures</p>
                <h2 id="home-featured" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
                  Start Your Adventure
                </h2>
                <p className="mt-4 text-lg text-slate-600">
                  Small groups, a dedicated instructor and all the gear. Pick a favourite or browse all{" "}
                  {adventureCount} adventures.
                </p>
              </div>
              <Link to="/adventures" className="btn-secondary self-start sm:self-auto">
                View all adventures
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            </div>
            <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="featured-adventures">
              {featured.map((a) => (
                <AdventureCard key={a.id} adventure={a} />
              ))}
            </div>
          </div>
        </section>
      )}

      {/* What makes us different */}
      <section className="py-20 sm:py-28" aria-labelledby="home-different">
        <div className="container-site">
          <div className="mx-auto max-w-2xl text-center">
            <p className="eyebrow">Why {site.title}</p>
            <h2 id="home-different" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
              What Makes Us Different
            </h2>
          </div>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {features.map((f, i) => {
              const Icon = FEATURE_ICONS[i] ?? Check;
              return (
                <li key={f.title} className="card flex flex-col">
                  <div className="relative aspect-[16/10] bg-ocean-100">
                    <Img
                      src={f.image}
                      alt=""
                      sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
                      className="h-full w-full object-cover"
                    />
                    <span className="absolute -bottom-5 left-5 flex h-11 w-11 items-center justify-center rounded-xl bg-coral-600 text-white shadow-lg">
                      <Icon aria-hidden="true" className="h-5 w-5" />
                    </span>
                  </div>
                  <div className="p-6 pt-9">
                    <h3 className="text-xl font-semibold">{f.title}</h3>
                    <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.description}</p>
                  </div>
                </li>
              );
            })}
            <li className="flex flex-col justify-between overflow-hidden rounded-2xl bg-gradient-to-br from-reef-600 to-ocean-800 p-6 text-white shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/25">
                <MapPin aria-hidden="true" className="h-5 w-5" />
              </span>
              <div className="mt-10">
                <h3 className="text-xl font-semibold text-white">Sydney to Ulladulla</h3>
                <p className="mt-2 text-sm leading-relaxed text-reef-50">
                  {site.address}. {adventureCount} adventures, from sheltered city shore dives to national
                  park camping weekends.
                </p>
                <Link
                  to="/adventures"
                  className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-white hover:text-reef-100"
                >
                  Find your adventure
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              </div>
            </li>
          </ul>
        </div>
      </section>

      {/* Weekend preview */}
      {weekend.packageCount > 0 && (
        <section className="bg-sand-50 py-20 sm:py-28" aria-labelledby="home-weekend">
          <div className="container-site">
            <div className="grid overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200/80 lg:grid-cols-2">
              <div className="relative min-h-64 bg-ocean-100 lg:min-h-full">
                <Img
                  src="/images/site/weekend-hero.webp"
                  alt="Tents pitched on a headland above the sea at sunset"
                  sizes="(min-width: 1024px) 640px, 100vw"
                  className="absolute inset-0 h-full w-full object-cover"
                />
                <div className="absolute top-4 left-4 inline-flex items-center gap-2 rounded-full bg-white/95 px-3.5 py-1.5 text-sm font-semibold text-ocean-900 shadow-sm">
                  <Tent aria-hidden="true" className="h-4 w-4 text-reef-600" />
                  {weekend.packageCount} weekend {weekend.packageCount === 1 ? "package" : "packages"}
                  {weekend.fromCents > 0 && <> from {formatMoney(weekend.fromCents)}</>}
                </div>
              </div>
              <div className="p-6 sm:p-12">
                <p className="eyebrow">Typical Weekend</p>
                <h2 id="home-weekend" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
                  {weekend.title}
                </h2>
                {weekend.description && (
                  <p className="mt-4 leading-relaxed text-slate-600 sm:text-lg">{weekend.description}</p>
                )}
                {weekend.points.length > 0 && (
                  <>
                    <p className="mt-7 flex items-center gap-2 text-sm font-semibold text-ocean-900">
                      <CalendarDays aria-hidden="true" className="h-4 w-4 text-reef-600" />
                      {weekend.showcaseTitle}
                    </p>
                    <ul className="mt-3 space-y-2.5">
                      {weekend.points.map((p) => (
                        <li key={p} className="flex gap-3 text-slate-700">
                          <span className="mt-0.5 flex h-5 w-5 flex-none items-center justify-center rounded-full bg-reef-50 text-reef-700">
                            <Check aria-hidden="true" className="h-3.5 w-3.5" />
                          </span>
                          {p}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                  <Link to="/weekend" className="btn-teal">
                    See a Typical Weekend
                    <ArrowRight aria-hidden="true" className="h-4 w-4" />
                  </Link>
                  <Link to="/book" className="btn-secondary">
                    Book a Weekend
                  </Link>
                </div>
              </div>
            </div>
          </div>
        </section>
      )}

      {/* Testimonials */}
      {testimonials.length > 0 && (
        <section
          className="relative isolate overflow-hidden bg-ocean-950 py-20 sm:py-28"
          aria-labelledby="home-reviews"
        >
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(19,163,163,0.22),transparent_60%)]"
          />
          <div className="container-site">
            <div className="mx-auto max-w-2xl text-center">
              <p className="eyebrow text-reef-100">Reviews</p>
              <h2
                id="home-reviews"
                className="mt-3 text-3xl font-semibold tracking-tight text-white sm:text-4xl"
              >
                What Our Adventurers Say
              </h2>
              <p className="mt-4 text-ocean-100">
                {rating.average.toFixed(1)} out of 5 from {rating.count}{" "}
                {rating.count === 1 ? "review" : "reviews"}
              </p>
            </div>
            <div className="mt-12">
              <TestimonialCarousel testimonials={testimonials} />
            </div>
            <div className="mt-10 text-center">
              <Link to="/reviews" className="btn-ghost-light">
                Read All Reviews
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            </div>
          </div>
        </section>
      )}

      {/* Social follow */}
      <section className="py-20 sm:py-24" aria-labelledby="home-social">
        <div className="container-site">
          <div className="mx-auto max-w-2xl text-center">
            <p className="eyebrow">Follow along</p>
            <h2 id="home-social" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
              Follow the Adventure
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              Sea dragons, campfires and trip updates, straight from the water.
            </p>
          </div>
          <SocialTiles site={site} />
        </div>
      </section>

      {/* Final call to action */}
      <section className="pb-20 sm:pb-28" aria-labelledby="home-cta">
        <div className="container-site">
          <div className="relative isolate overflow-hidden rounded-3xl bg-ocean-900 px-6 py-14 text-center sm:px-12 sm:py-20">
            <div
              aria-hidden="true"
              className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,rgba(19,163,163,0.35),transparent_55%),radial-gradient(circle_at_85%_90%,rgba(230,57,70,0.3),transparent_50%)]"
            />
            <h2 id="home-cta" className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">
              {cta.title}
            </h2>
            {cta.text && (
              <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-ocean-100">{cta.text}</p>
            )}
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/book" className="btn-primary px-6 py-3.5 text-base">
                Book Now
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
              <Link to="/contact" className="btn-ghost-light px-6 py-3.5 text-base">
                Contact Us
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

function SocialTiles({ site }: { site: ReturnType<typeof siteInfo> }) {
  const items = [
    {
      href: site.social.instagram,
      label: "Instagram",
      text: "Photos from every trip",
      Icon: InstagramIcon,
      tone: "from-fuchsia-600 to-amber-500",
    },
    {
      href: site.social.facebook,
      label: "Facebook",
      text: "News and trip updates",
      Icon: FacebookIcon,
      tone: "from-blue-700 to-blue-500",
    },
    {
      href: site.social.youtube,
      label: "YouTube",
      text: "Underwater videos",
      Icon: YoutubeIcon,
      tone: "from-red-700 to-red-500",
    },
    {
      href: site.whatsappUrl,
      label: "WhatsApp",
      text: `Chat with ${site.guideName}`,
      Icon: MessageCircle,
      tone: "from-emerald-700 to-emerald-500",
    },
  ].filter((i) => i.href);
  return (
    <ul className="mx-auto mt-12 grid max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(({ href, label, text, Icon, tone }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200/80 transition-shadow hover:shadow-lg hover:shadow-ocean-900/10"
          >
            <span
              className={`flex h-12 w-12 flex-none items-center justify-center rounded-xl bg-gradient-to-br text-white ${tone}`}
            >
              <Icon className="h-6 w-6" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-ocean-900">
                {label}
                <span className="sr-only"> (opens in a new tab)</span>
              </span>
              <span className="block text-sm text-slate-600">{text}</span>
            </span>
            <ArrowRight
              aria-hidden="true"
              className="ml-auto h-4 w-4 flex-none text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-ocean-900"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

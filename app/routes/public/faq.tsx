import {
  ArrowRight,
  CalendarCheck,
  CircleHelp,
  CloudSun,
  Compass,
  HeartPulse,
  type LucideIcon,
  MessageCircle,
  Phone,
  ShieldCheck,
  Siren,
  Waves,
} from "lucide-react";
import { Link } from "react-router";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { listFaqGroups } from "../../../server/domain/content/faqs.server";
import { FaqList } from "../../components/FaqList";
import { JsonLd } from "../../components/JsonLd";
import { getApp } from "../../lib/context";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/faq";

const EMERGENCY_NUMBER = "000";

const CATEGORY_ICONS: Record<string, LucideIcon> = {
  "Getting Started": Compass,
  "Safety & Equipment": ShieldCheck,
  "Weather & Conditions": CloudSun,
  "Booking & Pricing": CalendarCheck,
  "Specific Adventures": Waves,
  "Health & Accessibility": HeartPulse,
};

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [groups, content] = await Promise.all([listFaqGroups(db), loadSiteContent(db)]);
  return { groups, page: content.faq ?? {} };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: `FAQ | ${siteName(matches[0].loaderData.content)}`,
    description:
      "Answers to common questions about our dive and camp adventures: certification, minimum ages, safety and gear, weather, booking, cancellations and health.",
    path: "/faq",
    origin: matches[0].loaderData.origin,
  });

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { groups, page } = loaderData;
  const { content, origin } = useRootData();
  const site = siteInfo(content);

  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url: `${origin}/faq`,
    mainEntity: groups.flatMap((g) =>
      g.items.map((f) => ({
        "@type": "Question",
        name: f.question,
        acceptedAnswer: { "@type": "Answer", text: f.answer },
      })),
    ),
  };

  const title = page.hero_title || "Frequently Asked Questions";
  const subtitle =
    page.hero_subtitle ||
    "Everything you might want to know before you dive in, from certification and gear to weather, booking and what to expect on the day.";

  return (
    <>
      <header className="relative isolate overflow-hidden bg-ocean-950 text-white">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,var(--color-reef-700),transparent_55%),radial-gradient(ellipse_at_bottom_right,var(--color-ocean-700),transparent_60%)] opacity-70"
        />
        <div className="container-site py-16 text-center sm:py-20">
          <p className="eyebrow text-reef-100">FAQ</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-semibold text-white sm:text-5xl">{title}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-ocean-100 sm:text-lg">
            {subtitle}
          </p>
          {groups.length > 1 && (
            <nav aria-label="FAQ categories" className="mx-auto mt-8 max-w-4xl">
              <ul className="flex flex-wrap justify-center gap-2">
                {groups.map((g) => (
                  <li key={g.category}>
                    <a
                      href={`#${slug(g.category)}`}
                      className="inline-flex rounded-full bg-white/10 px-3 py-1.5 text-xs font-medium sm:px-4 sm:py-2 sm:text-sm text-white ring-1 ring-white/15 transition-colors hover:bg-white/20"
                    >
                      {g.category}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </header>

      <div className="bg-sand-50">
        <div className="container-site grid gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14">
          <div className="space-y-12">
            {groups.length === 0 && (
              <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200/80">
                We're updating our answers. In the meantime, please{" "}
                <Link to="/contact" className="font-medium text-reef-700 underline underline-offset-2">
                  get in touch
                </Link>{" "}
                with any question.
              </p>
            )}
            {groups.map((g) => {
              const Icon = CATEGORY_ICONS[g.category] ?? CircleHelp;
              const headingId = `faq-cat-${slug(g.category)}`;
              return (
                <section key={g.category} id={slug(g.category)} aria-labelledby={headingId}>
                  <div className="flex items-center gap-3">
                    <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-reef-50 text-reef-700 ring-1 ring-reef-100">
                      <Icon aria-hidden className="h-5 w-5" />
                    </span>
                    <h2 id={headingId} className="text-2xl font-semibold sm:text-3xl">
                      {g.category}
                    </h2>
                  </div>
                  <FaqList items={g.items} />
                </section>
              );
            })}
          </div>

          <aside className="space-y-6 lg:sticky lg:top-28 lg:self-start">
            <section
              aria-labelledby="faq-emergency"
              className="rounded-2xl border border-coral-100 bg-white p-6 shadow-sm ring-1 ring-coral-100"
            >
              <div className="flex items-center gap-3">
                <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-coral-50 text-coral-700">
                  <Siren aria-hidden className="h-5 w-5" />
                </span>
                <h2 id="faq-emergency" className="text-xl font-semibold">
                  Emergency information
                </h2>
              </div>
              <p className="mt-4 text-sm leading-relaxed text-slate-700">
                In a life-threatening emergency in Australia, call Triple Zero for ambulance, police or fire.
              </p>
              <a
                href={`tel:${EMERGENCY_NUMBER}`}
                className="mt-4 flex items-center justify-center gap-2 rounded-xl bg-coral-600 px-5 py-3 text-lg font-bold tracking-wide text-white shadow-sm transition-colors hover:bg-coral-700"
              >
                <Phone aria-hidden className="h-5 w-5" />
                Call {EMERGENCY_NUMBER}
              </a>
              <h3 className="mt-6 font-sans text-sm font-semibold tracking-wide text-ocean-900 uppercase">
                What to do
              </h3>
              <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-relaxed text-slate-700 marker:font-semibold marker:text-coral-700">
                <li>Make sure you and the area are safe, then call {EMERGENCY_NUMBER}.</li>
                <li>
                  Keep the person still, warm and lying down. If they have been diving, give oxygen if you are
                  trained to, and tell the paramedics they were scuba diving.
                </li>
                <li>Stay with them and follow the call-taker's instructions until help arrives.</li>
                <li>
                  On our trips, {site.guideName} carries emergency oxygen and a full first aid kit and takes
                  charge straight away.
                </li>
              </ol>
              {site.whatsappUrl && (
                <div className="mt-6 rounded-xl bg-sand-50 p-4 text-sm text-slate-700">
                  <p>
                    Once everyone is safe, or for anything urgent about a booking, reach {site.guideName} on
                    WhatsApp:
                  </p>
                  <a
                    href={site.whatsappUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-2 inline-flex items-center gap-2 font-semibold text-reef-700 hover:underline"
                  >
                    <MessageCircle aria-hidden className="h-4 w-4" />
                    {site.phone ? `WhatsApp ${site.phone}` : "Message us on WhatsApp"}
                  </a>
                </div>
              )}
            </section>

            <section aria-labelledby="faq-more" className="rounded-2xl bg-ocean-900 p-6 text-white shadow-sm">
              <h2 id="faq-more" className="text-xl font-semibold text-white">
                Still have questions?
              </h2>
              <p className="mt-2 text-sm leading-relaxed text-ocean-100">
                {site.guideName} is happy to help you choose the right adventure.
              </p>
              <ul className="mt-5 space-y-2 text-sm font-semibold">
                {[
                  { to: "/contact", label: "Contact us" },
                  { to: "/adventures", label: "Browse adventures" },
                  { to: "/book", label: "Book your adventure" },
                ].map((l) => (
                  <li key={l.to}>
                    <Link
                      to={l.to}
                      className="flex items-center justify-between rounded-xl bg-white/10 px-4 py-3 transition-colors hover:bg-white/20"
                    >
                      {l.label}
                      <ArrowRight aria-hidden className="h-4 w-4" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </aside>
        </div>
      </div>

      <JsonLd data={jsonLd} />
    </>
  );
}

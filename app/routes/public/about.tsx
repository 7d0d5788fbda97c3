import { Award, CalendarCheck, MessageCircle, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { cleanHtml } from "../../../server/domain/content/html.server";
import { Img } from "../../components/Img";
import { getApp } from "../../lib/context";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const about = (await loadSiteContent(db)).about ?? {};
  return {
    heroTitle: about.about_hero_title || "Meet Your Guide",
    heroDescription: about.about_hero_description ?? "",
    storyTitle: about.about_story_title || "Our Story",
    storyHtml: cleanHtml(about.about_story_content ?? ""),
    imageMain: about.about_image_main ?? "",
    imageGuide: about.about_image_guide ?? "",
    philosophyTitle: about.philosophy_title || "Our Philosophy",
    philosophyHtml: cleanHtml(about.philosophy_content ?? ""),
    certificationsTitle: about.certifications_title || "Qualifications & Credentials",
    certificationsHtml: cleanHtml(about.certifications_content ?? ""),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo({
    title: `About | ${siteName(matches[0].loaderData.content)}`,
    description:
      loaderData?.heroDescription ||
      "Meet the PADI instructor behind our small-group dive and camping adventures on the NSW coast.",
    path: "/about",
    origin: matches[0].loaderData.origin,
    image: loaderData?.imageGuide || undefined,
  });

/** The spec's stated claims. */
const STATS = [
  { value: "8+", label: "Years of experience", Icon: CalendarCheck },
  { value: "500+", label: "Adventurers guided", Icon: Users },
  { value: "100%", label: "Safety record", Icon: ShieldCheck },
  { value: "2016", label: "Certified instructor since", Icon: Award },
];

export default function About({ loaderData: d }: Route.ComponentProps) {
  const site = siteInfo(useRootData().content);
  const firstName = site.guideName.split(" ")[0];

  return (
    <>
      {/* Hero */}
      <section className="relative isolate overflow-hidden bg-ocean-950 text-white">
        <Img
          src={d.imageMain}
          alt=""
          priority
          sizes="100vw"
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-45"
        />
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-gradient-to-r from-ocean-950 via-ocean-950/80 to-ocean-950/30"
        />
        <div className="container-site py-20 sm:py-28 lg:py-32">
          <p className="eyebrow text-reef-100">About {site.title}</p>
          <h1 className="mt-4 max-w-2xl text-4xl font-semibold text-white sm:text-5xl lg:text-6xl">
            {d.heroTitle}
          </h1>
          {d.heroDescription && (
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-ocean-100">{d.heroDescription}</p>
          )}
        </div>
      </section>

      {/* Biography */}
      <section aria-labelledby="story-title" className="container-site py-16 sm:py-24">
        <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
          <figure className="relative mx-auto w-full max-w-sm sm:max-w-md lg:max-w-none">
            <div className="overflow-hidden rounded-3xl bg-ocean-50 shadow-xl ring-1 ring-ocean-900/5">
              <Img
                src={d.imageGuide}
                alt={`${site.guideName}, lead instructor at ${site.title}`}
                sizes="(min-width: 1024px) 40vw, 90vw"
                width={960}
                height={1200}
                className="aspect-[4/5] h-full w-full object-cover"
              />
            </div>
            <figcaption className="absolute -bottom-6 left-4 right-4 rounded-2xl bg-white px-5 py-4 shadow-lg ring-1 ring-slate-200 sm:left-auto sm:right-6 sm:max-w-xs">
              <p className="font-display text-lg font-semibold text-ocean-900">{site.guideName}</p>
              <p className="text-sm text-slate-600">Founder &amp; lead instructor</p>
            </figcaption>
          </figure>
          <div className="pt-6 lg:pt-0">
            <p className="eyebrow">Your guide, {site.guideName}</p>
            <h2 id="story-title" className="mt-3 text-3xl font-semibold sm:text-4xl">
              {d.storyTitle}
            </h2>
            <div
              className="prose-site mt-6 text-base sm:text-lg"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server by cleanHtml
              dangerouslySetInnerHTML={{ __html: d.storyHtml }}
            />
          </div>
        </div>
      </section>

      {/* Stats */}
      <section aria-label="Experience at a glance" className="bg-ocean-900 text-white">
        <dl className="container-site grid grid-cols-2 gap-x-6 gap-y-10 py-14 lg:grid-cols-4">
          {STATS.map(({ value, label, Icon }) => (
            <div key={label} className="flex flex-col items-center text-center">
              <dt className="order-2 mt-1 text-sm text-ocean-100">{label}</dt>
              <dd className="order-1 flex flex-col items-center gap-3 font-display text-4xl font-semibold text-white sm:text-5xl">
                <Icon aria-hidden className="h-7 w-7 text-reef-500" />
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {/* Philosophy and qualifications */}
      <section className="bg-sand-50">
        <div className="container-site grid gap-10 py-16 sm:py-24 lg:grid-cols-5 lg:gap-14">
          <div className="lg:col-span-3">
            <p className="eyebrow">How we run every trip</p>
            <h2 className="mt-3 text-3xl font-semibold sm:text-4xl">{d.philosophyTitle}</h2>
            <div
              className="prose-site mt-6 text-base sm:text-lg"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server by cleanHtml
              dangerouslySetInnerHTML={{ __html: d.philosophyHtml }}
            />
          </div>
          <aside aria-labelledby="qualifications-title" className="card self-start p-6 sm:p-8 lg:col-span-2">
            <div className="flex items-center gap-3">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-reef-50 text-reef-700">
                <Award aria-hidden className="h-6 w-6" />
              </span>
              <h2 id="qualifications-title" className="text-2xl font-semibold">
                {d.certificationsTitle}
              </h2>
            </div>
            <div
              className="prose-site mt-5 text-sm sm:text-base [&_li]:relative [&_li]:pl-7 [&_li]:before:absolute [&_li]:before:top-[0.55em] [&_li]:before:left-0 [&_li]:before:h-3.5 [&_li]:before:w-3.5 [&_li]:before:rounded-full [&_li]:before:bg-reef-500 [&_li]:before:content-[''] [&_ul]:list-none [&_ul]:space-y-3 [&_ul]:pl-0"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server by cleanHtml
              dangerouslySetInnerHTML={{ __html: d.certificationsHtml }}
            />
          </aside>
        </div>
      </section>

      {/* Call to action */}
      <section className="container-site py-16 sm:py-24">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-ocean-900 to-reef-700 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <h2 className="text-3xl font-semibold text-white sm:text-4xl">
            Ready to explore the coast with {firstName}?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-ocean-100">
            Ask about a trip, your experience level or this weekend's conditions, or pick a date and lock in
            your spot. Groups are never bigger than four.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/contact" className="btn-ghost-light">
              <MessageCircle aria-hidden className="h-4 w-4" />
              Contact {firstName}
            </Link>
            <Link to="/book" className="btn-primary">
              Book Now
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

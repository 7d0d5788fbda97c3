import { ArrowRight, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { SiteInfo } from "../../lib/site";
import { Img } from "../Img";
import { Stats } from "../Stats";

/** About: the guide's photo and badge, the operator's about text, the stats and a link to /about. */
export function HomeAbout({ about, site }: { about: { title: string; text: string }; site: SiteInfo }) {
  return (
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
  );
}

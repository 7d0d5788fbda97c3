import { ArrowRight, Backpack, BadgeCheck, Check, MapPin, Users } from "lucide-react";
import { Link } from "react-router";
import type { SiteInfo } from "../../lib/site";
import { Img } from "../Img";

export interface HomeFeature {
  title: string;
  description: string;
  image: string;
}

const FEATURE_ICONS = [Users, BadgeCheck, Backpack];

/** The operator's features as cards, each with its icon, and a closing card for where the trips go. */
export function WhatMakesUsDifferent({
  features,
  site,
  adventureCount,
}: {
  features: HomeFeature[];
  site: SiteInfo;
  adventureCount: number;
}) {
  return (
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
                {site.address}. {adventureCount} adventures, from sheltered city shore dives to national park
                camping weekends.
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
  );
}

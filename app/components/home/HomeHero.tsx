import { ArrowRight, MapPin, Star } from "lucide-react";
import { Link } from "react-router";
import type { RatingSummary } from "../../../server/domain/content/testimonials.server";
import { Img } from "../Img";

export interface HomeHeroContent {
  title: string;
  subtitle: string;
  description: string;
  image: string;
}

/** The home page's hero: full-bleed behind the transparent header, with the two calls and the review average. */
export function HomeHero({ hero, rating }: { hero: HomeHeroContent; rating: RatingSummary }) {
  return (
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
                <strong className="font-semibold text-white">{rating.average.toFixed(1)}</strong> average from{" "}
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
  );
}

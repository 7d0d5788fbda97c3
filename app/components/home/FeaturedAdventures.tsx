import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { PublicAdventure } from "../../../server/domain/content/adventures.server";
import { AdventureCard } from "../AdventureCard";

/** The first adventures as cards, with a link to all of them. */
export function FeaturedAdventures({
  featured,
  adventureCount,
}: {
  featured: PublicAdventure[];
  adventureCount: number;
}) {
  return (
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
  );
}

import { ArrowRight, Check, Clock, Star, Users } from "lucide-react";
import { Link } from "react-router";
import type { PublicAdventure } from "../../server/domain/content/adventures.server.ts";
import { skillLabel } from "../lib/adventure-catalogue";
import { Img } from "./Img";

const SKILL_STYLES: Record<string, string> = {
  beginner: "bg-reef-50 text-reef-700 ring-reef-600/20",
  intermediate: "bg-ocean-50 text-ocean-700 ring-ocean-700/20",
  advanced: "bg-coral-50 text-coral-800 ring-coral-700/20",
  "all-levels": "bg-sand-100 text-amber-800 ring-amber-700/20",
};

/** Coloured pill for a skill level, shared by the cards and the detail page. */
export function SkillBadge({ level, className = "" }: { level: string; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${
        SKILL_STYLES[level] ?? "bg-slate-100 text-slate-700 ring-slate-600/20"
      } ${className}`}
    >
      {skillLabel(level)}
    </span>
  );
}

interface AdventureCardProps {
  adventure: PublicAdventure;
  /** Above the fold: load the image eagerly. */
  priority?: boolean;
}

/** One adventure in a grid: the public list, the home page and "You Might Also Like". */
export function AdventureCard({ adventure: a, priority }: AdventureCardProps) {
  const detail = `/adventures/${a.slug}`;
  const highlights = a.highlights.slice(0, 3);
  const tags = a.tags.slice(0, 2);
  return (
    <article
      className="card group flex h-full flex-col transition-shadow duration-300 hover:shadow-xl hover:shadow-ocean-900/10"
      data-testid="adventure-card"
    >
      <Link
        to={detail}
        className="relative block aspect-[4/3] overflow-hidden bg-ocean-100"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Img
          src={a.hero_image ?? a.image}
          alt={a.hero_image_alt || a.title}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
        <div className="pointer-events-none absolute inset-x-0 bottom-0 h-24 bg-gradient-to-t from-ocean-950/60 to-transparent" />
        <div className="absolute top-3 left-3 flex flex-wrap gap-2">
          <SkillBadge level={a.skill_level} className="shadow-sm ring-white/40" />
          {a.featured && (
            <span className="inline-flex items-center gap-1 rounded-full bg-coral-600 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">
              <Star className="h-3 w-3 fill-current" aria-hidden="true" />
              Popular
            </span>
          )}
        </div>
        <div className="absolute right-3 bottom-3 left-3 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium text-white">
          <span className="inline-flex items-center gap-1.5">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {a.duration}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Users className="h-4 w-4" aria-hidden="true" />
            {a.groupSize}
          </span>
        </div>
      </Link>

      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h3 className="text-xl leading-snug font-semibold">
            <Link to={detail} className="hover:text-reef-700 focus-visible:text-reef-700">
              {a.title}
            </Link>
          </h3>
        </div>
        <p className="mt-1 text-lg font-semibold text-coral-700">{a.price_display}</p>

        {highlights.length > 0 && (
          <ul className="mt-4 space-y-2 text-sm text-slate-600">
            {highlights.map((h) => (
              <li key={h} className="flex gap-2">
                <Check className="mt-0.5 h-4 w-4 flex-none text-reef-600" aria-hidden="true" />
                <span>{h}</span>
              </li>
            ))}
          </ul>
        )}

        {tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
            {tags.map((t) => (
              <li
                key={t}
                className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600"
              >
                {t}
              </li>
            ))}
          </ul>
        )}

        <div className="mt-auto grid grid-cols-2 gap-3 pt-6">
          <Link to={detail} className="btn-secondary">
            Learn More<span className="sr-only">: {a.title}</span>
          </Link>
          <Link to={`/book?adventure=${encodeURIComponent(a.id)}`} className="btn-primary">
            Book Now<span className="sr-only">: {a.title}</span>
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}

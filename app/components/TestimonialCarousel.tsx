import { ChevronLeft, ChevronRight, Pause, Play, Quote, Star } from "lucide-react";
import { useEffect, useState } from "react";
import type { PublicTestimonial } from "../../server/domain/content/testimonials.server.ts";

/** How long each testimonial shows before the carousel moves on. */
export const TESTIMONIAL_ROTATION_MS = 5000;

type CarouselTestimonial = Pick<
  PublicTestimonial,
  "id" | "customer_name" | "content" | "rating" | "location" | "adventure_title"
>;

interface TestimonialCarouselProps {
  testimonials: CarouselTestimonial[];
  intervalMs?: number;
}

export function StarRating({ rating, className = "h-5 w-5" }: { rating: number; className?: string }) {
  return (
    <div className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${className} ${n <= rating ? "fill-amber-400 text-amber-400" : "fill-transparent text-white/30"}`}
        />
      ))}
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w) && w.toLowerCase() !== "and")
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join("");
}

/**
 * Reviews one at a time, for a dark background. Server-rendered with the first
 * review showing; in the browser it advances every 5 seconds unless hovered,
 * focused, paused or the visitor prefers reduced motion.
 */
export function TestimonialCarousel({
  testimonials,
  intervalMs = TESTIMONIAL_ROTATION_MS,
}: TestimonialCarouselProps) {
  const count = testimonials.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    const mq = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(mq.matches);
    update();
    setHydrated(true);
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);

  const active = count > 0 ? index % count : 0;
  const rotating = count > 1 && !hovered && !focused && !paused && !reducedMotion;

  // A timeout per slide, so choosing a review by hand restarts the 5 seconds.
  useEffect(() => {
    if (!rotating) return;
    const t = window.setTimeout(() => setIndex((active + 1) % count), intervalMs);
    return () => window.clearTimeout(t);
  }, [rotating, active, count, intervalMs]);

  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Customer reviews"
      data-testid="testimonial-carousel"
      data-rotating={rotating ? "true" : "false"}
      data-hydrated={hydrated ? "true" : "false"}
      className="mx-auto max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="grid" aria-live={rotating ? "off" : "polite"}>
        {testimonials.map((t, i) => {
          const current = i === active;
          return (
            // The ARIA carousel pattern makes each slide a group; a figure with a caption may not
            // take a role of its own, so the group wraps the figure.
            // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls, not a slide
            <div
              key={t.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={current ? undefined : true}
              inert={!current}
              data-testid="testimonial-slide"
              data-active={current ? "true" : "false"}
              className={`col-start-1 row-start-1 flex flex-col justify-center rounded-3xl bg-white/[0.06] px-6 py-10 text-center ring-1 ring-white/10 transition-[opacity,transform,visibility] duration-500 sm:px-12 sm:py-12 ${
                current ? "visible translate-y-0 opacity-100" : "invisible translate-y-2 opacity-0"
              }`}
            >
              <figure className="flex flex-col items-center">
                <Quote aria-hidden="true" className="h-9 w-9 fill-coral-500/20 text-coral-500" />
                <div className="mt-5">
                  <StarRating rating={t.rating} />
                </div>
                <blockquote className="mt-5 font-display text-lg leading-relaxed text-white sm:text-2xl sm:leading-relaxed">
                  <p>“{t.content}”</p>
                </blockquote>
                <figcaption className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:text-left">
                  <span
                    aria-hidden="true"
                    className="flex h-12 w-12 flex-none items-center justify-center rounded-full bg-reef-600 font-semibold text-white"
                  >
                    {initials(t.customer_name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-white">{t.customer_name}</span>
                    <span className="block text-sm text-ocean-100">{t.location}</span>
                    <span className="mt-0.5 block text-sm font-medium text-reef-100">
                      {t.adventure_title}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </div>
          );
        })}
      </div>

      {count > 1 && (
        <div className="mt-8 flex items-center justify-center gap-1 sm:gap-2">
          <button
            type="button"
            onClick={() => go(active - 1)}
            aria-label="Previous review"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-white ring-1 ring-white/25 transition-colors hover:bg-white/10"
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <ul className="flex items-center gap-0.5 px-1">
            {testimonials.map((t, i) => {
              const current = i === active;
              return (
                <li key={t.id}>
                  <button
                    type="button"
                    onClick={() => go(i)}
                    aria-label={`Show review ${i + 1}`}
                    aria-pressed={current}
                    aria-current={current ? "true" : undefined}
                    className="group inline-flex h-8 min-w-6 items-center justify-center rounded-full sm:min-w-8"
                  >
                    <span
                      aria-hidden="true"
                      className={`block h-2.5 rounded-full transition-all duration-300 ${
                        current ? "w-6 bg-coral-500 sm:w-7" : "w-2.5 bg-white/35 group-hover:bg-white/70"
                      }`}
                    />
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            onClick={() => go(active + 1)}
            aria-label="Next review"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-white ring-1 ring-white/25 transition-colors hover:bg-white/10"
          >
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
          {!reducedMotion && (
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? "Play reviews" : "Pause reviews"}
              className="ml-1 inline-flex h-10 w-10 sm:ml-2 items-center justify-center rounded-full text-ocean-100 transition-colors hover:bg-white/10 hover:text-white"
            >
              {paused ? (
                <Play aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Pause aria-hidden="true" className="h-4 w-4" />
              )}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

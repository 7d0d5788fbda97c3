import { ArrowRight } from "lucide-react";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import type { RatingSummary } from "../../../server/domain/content/testimonials.server";
import { TestimonialCarousel } from "../TestimonialCarousel";

/** What the adventurers say: the average, the rotating testimonials and a link to every review. */
export function HomeReviews({
  testimonials,
  rating,
}: {
  testimonials: ComponentProps<typeof TestimonialCarousel>["testimonials"];
  rating: RatingSummary;
}) {
  return (
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
          <h2 id="home-reviews" className="mt-3 text-3xl font-semibold tracking-tight text-white sm:text-4xl">
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
  );
}

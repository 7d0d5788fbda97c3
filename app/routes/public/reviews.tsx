import { Mail } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { listActiveAdventures } from "../../../server/domain/content/adventures.server";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { listTestimonials, summarise } from "../../../server/domain/content/testimonials.server";
import { ReviewList } from "../../components/ReviewList";
import { SocialLinks } from "../../components/SocialLinks";
import { Stars } from "../../components/Stars";
import { getApp } from "../../lib/context";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/reviews";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [reviews, adventures, content] = await Promise.all([
    listTestimonials(db),
    listActiveAdventures(db),
    loadSiteContent(db),
  ]);
  return {
    rating: summarise(reviews),
    // Featured reviews lead; otherwise newest first (a stable sort keeps that order).
    reviews: [...reviews].sort((a, b) => Number(b.is_featured) - Number(a.is_featured)),
    // Only what the page needs: titles for the filter and links to the adventures.
    adventures: adventures.map((a) => ({ id: a.id, slug: a.slug, title: a.title })),
    page: content.reviews ?? {},
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: `Reviews | ${siteName(matches[0].loaderData.content)}`,
    description:
      "Read what divers, campers and first-timers say about our small-group scuba, snorkelling and camping adventures on the NSW coast.",
    path: "/reviews",
    origin: matches[0].loaderData.origin,
  });

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { reviews, adventures, page, rating } = loaderData;
  const site = siteInfo(useRootData().content);
  const [searchParams] = useSearchParams();

  // The headline summarises every review; the list below shows the filtered ones.
  const total = rating.count;
  const average = rating.average;
  const averageText = average.toFixed(1);

  const title = page.hero_title || "What Our Adventurers Say";
  const subtitle =
    page.hero_subtitle ||
    "Honest words from divers, campers and first-timers who have explored the NSW coast with us.";
  return (
    <>
      <header className="relative isolate overflow-hidden bg-ocean-950 text-white">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-reef-700),transparent_60%),radial-gradient(ellipse_at_bottom_left,var(--color-ocean-700),transparent_55%)] opacity-70"
        />
        <div className="container-site grid items-center gap-10 py-16 sm:py-20 lg:grid-cols-[1fr_auto] lg:gap-16">
          <div className="text-center lg:text-left">
            <p className="eyebrow text-reef-100">Reviews</p>
            <h1 className="mt-3 text-4xl font-semibold text-white sm:text-5xl">{title}</h1>
            <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-ocean-100 sm:text-lg lg:mx-0">
              {subtitle}
            </p>
          </div>
          <section
            aria-label="Rating summary"
            className="mx-auto w-full max-w-xs rounded-2xl bg-white/10 p-6 text-center ring-1 ring-white/15 backdrop-blur-sm sm:p-8"
          >
            {total > 0 ? (
              <>
                <p className="font-display text-6xl font-semibold text-white" data-testid="reviews-average">
                  {averageText}
                </p>
                <Stars
                  rating={average}
                  label={`Average rating ${averageText} out of 5`}
                  className="mt-3 justify-center"
                  starClassName="h-6 w-6"
                />
                <p className="mt-3 text-sm text-ocean-100" data-testid="reviews-total">
                  {`Based on ${total} ${total === 1 ? "review" : "reviews"}`}
                </p>
              </>
            ) : (
              <p className="text-ocean-100">No reviews yet. Yours could be the first!</p>
            )}
          </section>
        </div>
      </header>

      <section aria-labelledby="reviews-list" className="bg-sand-50">
        <div className="container-site py-12 sm:py-16">
          <h2 id="reviews-list" className="sr-only">
            Reviews
          </h2>
          <ReviewList
            reviews={reviews}
            adventures={adventures}
            initialAdventure={searchParams.get("adventure") || "all"}
          />
        </div>
      </section>

      <section aria-labelledby="leave-review" className="container-site py-14 sm:py-20">
        <div className="grid items-center gap-10 rounded-3xl bg-ocean-900 p-8 text-white sm:p-12 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <p className="eyebrow text-reef-100">Been out with us?</p>
            <h2 id="leave-review" className="mt-3 text-3xl font-semibold text-white">
              Tell us about your adventure
            </h2>
            <p className="mt-4 max-w-xl leading-relaxed text-ocean-100">
              We'd love to hear how your trip went. Email us your review, or leave one on our social pages,
              and we'll share our favourites here. {site.guideName} reads every single one.
            </p>
          </div>
          <div className="flex flex-col gap-4 lg:items-end">
            {site.email && (
              <a
                href={`mailto:${site.email}?subject=${encodeURIComponent("My review")}`}
                className="btn-primary w-full sm:w-auto"
              >
                <Mail aria-hidden className="h-4 w-4" />
                Email your review
              </a>
            )}
            <SocialLinks
              site={site}
              networks={["facebook", "instagram", "youtube"]}
              linkLabel={(network) => `Review ${site.title} on ${network}`}
              className="flex justify-center gap-3 lg:justify-end"
              linkClassName="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/15 transition-colors hover:bg-coral-600"
            />
          </div>
        </div>
        <div className="mt-12 text-center">
          <h2 className="text-2xl font-semibold sm:text-3xl">Ready to write your own story?</h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-600">
            Small groups, all gear included and a guide who knows every rock and reef.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/adventures" className="btn-secondary">
              Explore adventures
            </Link>
            <Link to="/book" className="btn-primary">
              Book now
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

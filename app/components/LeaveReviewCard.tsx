import { Star } from "lucide-react";
import { Link } from "react-router";

/** The booking page's invitation to review the trip, shown once the trip can be reviewed. */
export function LeaveReviewCard({ href }: { href: string }) {
  return (
    <section className="card p-6" aria-labelledby="leave-review">
      <h2 id="leave-review" className="flex items-center gap-2 text-xl font-semibold">
        <Star aria-hidden className="size-5 fill-amber-400 text-amber-400" />
        How was your trip?
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        A few words and a star rating help other divers and campers choose.
      </p>
      <Link to={href} className="btn-primary mt-4 w-full sm:w-auto">
        Leave a review
      </Link>
    </section>
  );
}

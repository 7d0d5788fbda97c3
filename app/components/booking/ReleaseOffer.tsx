import { MailOpen } from "lucide-react";
import { Link } from "react-router";
import { RELEASE_OFFER_BUTTON, RELEASE_REQUEST_PATH } from "../../lib/checkout-release";

/**
 * Under the refusal "You already have N unfinished checkouts": the way to free
 * them now. A plain form (a document post, with or without JavaScript) sends
 * the typed address to the release page, which emails that address a link;
 * the page answers the same for every address.
 */
export function ReleaseOffer({ email }: { email: string }) {
  return (
    <div
      data-testid="release-offer"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3.5 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-3">
        <MailOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-reef-700" />
        <span>Started them and left? Release them by email and book again now.</span>
      </p>
      {email ? (
        <form method="post" action={RELEASE_REQUEST_PATH} className="shrink-0">
          <input type="hidden" name="email" value={email} />
          <button type="submit" className="btn-secondary w-full sm:w-auto">
            {RELEASE_OFFER_BUTTON}
          </button>
        </form>
      ) : (
        <Link to={RELEASE_REQUEST_PATH} className="btn-secondary shrink-0">
          {RELEASE_OFFER_BUTTON}
        </Link>
      )}
    </div>
  );
}

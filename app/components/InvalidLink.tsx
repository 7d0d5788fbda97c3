import { Link } from "react-router";
import { LINK_DAYS_AFTER_TRIP } from "../lib/booking-link";
import { ResendLinkForm } from "./ResendLinkForm";

/**
 * The page of a link that opens nothing. An expired link belongs to a trip
 * that ended long ago, so a fresh link to that booking would not work either:
 * the page says so, and offers fresh links to the bookings that still have
 * them (the re-send form), or a word with us.
 */
export function InvalidLink({ expired = false }: { expired?: boolean }) {
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-xl py-12 sm:py-16">
        <h1 className="text-3xl font-semibold sm:text-4xl">
          {expired ? "This booking link has expired" : "This booking link does not work"}
        </h1>
        {expired ? (
          <p className="mt-3 text-slate-600" data-testid="expired-link">
            Booking links stop working {LINK_DAYS_AFTER_TRIP} days after the trip. To get a fresh link to any
            booking of yours that is still current, enter the email address you booked with and we will send
            it. For anything else about this trip, please{" "}
            <Link to="/contact" className="font-medium text-reef-700 underline">
              contact us
            </Link>
            .
          </p>
        ) : (
          <p className="mt-3 text-slate-600" data-testid="invalid-link">
            The link may be incomplete, or it has been replaced by a newer one or switched off. Enter the
            email address you booked with and we will send you a fresh link.
          </p>
        )}
        <section className="card mt-8 p-6" aria-label="Send my booking link">
          <ResendLinkForm />
        </section>
      </div>
    </div>
  );
}

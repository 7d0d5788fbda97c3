import { CalendarClock, CircleAlert, CircleCheck, Star } from "lucide-react";
import { Fragment } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { bookingByToken } from "../../../server/domain/bookings/booking-links.server";
import {
  type ReviewErrors,
  type ReviewField,
  type ReviewValues,
  receiveReview,
  reviewOfBooking,
  reviewOpening,
  shownName,
} from "../../../server/domain/bookings/reviews.server";
import { getApp } from "../../lib/context";
import { formatDateAU } from "../../lib/dates";
import { formAnswer, formFailure, formView } from "../../lib/form-result";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import { REVIEW_PHOTO_MAX_MB } from "../../lib/validation";
import type { Route } from "./+types/my-booking-review";

/**
 * The review form a booking's private link opens (linked from the thank-you
 * email and the booking page). The page says whether the trip can be reviewed
 * yet, or thanks the customer once it has been.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const linked = await bookingByToken(app.db, params.token, app.booking.now());
  if (!linked) return data({ page: null }, { status: 404 });
  const { booking } = linked;
  const opening = reviewOpening(booking, app.booking.now());
  const reviewed = (await reviewOfBooking(app.db, booking.id)) !== null;
  return data({
    page: {
      state: reviewed ? "done" : opening.open ? "open" : opening.reason,
      opensOn: !opening.open && opening.reason === "not_yet" ? opening.from : "",
      adventureTitle: booking.adventureTitle,
      date: booking.selectedDate,
      reference: booking.reference,
      name: shownName(booking.customerFirstName, booking.customerLastName),
    },
  });
}

/**
 * Works without JavaScript: a wrong or revoked link answers 404 (the page
 * says the link does not work); a stored review (or one stored already, or a link
 * that cannot take one) answers 303 back to this page, which shows where it
 * stands; a form with mistakes comes back with each field's message.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const outcome = await receiveReview(app.booking, params.token, request);
  // The form words its own summary from the field messages.
  if (outcome.kind === "invalid") {
    return formAnswer(formFailure(outcome.status, "", { values: outcome.values, errors: outcome.errors }));
  }
  if (outcome.kind === "not_found") return formAnswer(formFailure<ReviewValues>(404, ""));
  return redirect(`/my-booking/${params.token}/review`, { status: 303 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo({
    title: loaderData?.page
      ? `Review your trip | ${siteName(matches[0].loaderData.content)}`
      : `Booking link not valid | ${siteName(matches[0].loaderData.content)}`,
    description: `Tell us how your adventure with ${siteName(matches[0].loaderData.content)} went.`,
    // Never the token: the canonical address of every booking link is the find page.
    path: "/my-booking",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

const FIELD_LABELS: Record<ReviewField, string> = {
  rating: "Your rating",
  content: "Your review",
  customer_name: "Name shown",
  photo: "Photo",
};

export default function ReviewPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { page } = loaderData;
  const busy = useNavigation().state === "submitting";
  if (!page) return <InvalidLink />;
  const back = `/my-booking/${params.token}`;
  const answer = formView<null, ReviewValues>(actionData);
  const errors: ReviewErrors = answer.errors;
  const values = answer.values;
  const failed = Object.keys(errors) as ReviewField[];
  const invalid = (f: ReviewField) =>
    errors[f] ? { "aria-invalid": true, "aria-describedby": `review-${f}-error` } : {};
  const chosen = values ? Number(values.rating) : 0;

  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-2xl py-10 sm:py-14">
        <p className="eyebrow">Your review</p>
        <h1 className="mt-2 text-3xl font-semibold break-words sm:text-4xl">
          How was {page.adventureTitle}?
        </h1>
        <p className="mt-2 text-slate-600">
          {formatDateAU(page.date, "full")} · Booking <strong>{page.reference}</strong>
        </p>

        {page.state === "done" ? (
          <div
            role="status"
            data-testid="review-thanks"
            className="mt-8 flex gap-3 rounded-2xl border border-reef-100 bg-reef-50 p-5 text-slate-700"
          >
            <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-reef-700" />
            <div>
              <h2 className="font-sans text-lg font-semibold text-reef-700">Thanks, we have your review</h2>
              <p className="mt-1">
                We read every review before it goes on our Reviews page. One review per booking, so there is
                nothing more to do.
              </p>
            </div>
          </div>
        ) : page.state === "open" ? (
          <Form
            method="post"
            encType="multipart/form-data"
            replace
            className="card mt-8 space-y-6 p-5 sm:p-7"
            aria-label="Review this trip"
          >
            {failed.length > 0 ? (
              <div
                role="alert"
                data-testid="review-errors"
                className="rounded-2xl border border-coral-100 bg-coral-50 p-4 text-coral-800"
              >
                <p className="flex items-center gap-2 font-semibold">
                  <CircleAlert aria-hidden className="size-5 shrink-0" />
                  Please check {failed.length === 1 ? "this field" : "these fields"}
                </p>
                <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
                  {failed.map((f) => (
                    <li key={f}>
                      <a href={f === "rating" ? "#review-rating-1" : `#review-${f}`} className="underline">
                        {FIELD_LABELS[f]}: {errors[f]}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            <fieldset {...invalid("rating")}>
              <legend className="field-label">
                Your rating <span className="font-normal text-slate-500">(1 to 5 stars)</span>
              </legend>
              {/* Radios under star labels: a star is gold when its own radio or a later one is checked (CSS only). */}
              <div className="mt-1 flex items-center gap-1">
                {[1, 2, 3, 4, 5].map((n) => (
                  <Fragment key={n}>
                    <input
                      type="radio"
                      id={`review-rating-${n}`}
                      name="rating"
                      value={n}
                      required
                      defaultChecked={chosen === n}
                      className="peer sr-only"
                    />
                    <label
                      htmlFor={`review-rating-${n}`}
                      className="cursor-pointer rounded-lg p-1 text-slate-300 transition-colors hover:text-amber-300 [input:checked+&]:text-amber-400 [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-offset-2 [input:focus-visible+&]:outline-ocean-700 [&:has(~input:checked)]:text-amber-400"
                    >
                      <Star aria-hidden className="size-9 fill-current sm:size-10" />
                      <span className="sr-only">
                        {n} {n === 1 ? "star" : "stars"}
                      </span>
                    </label>
                  </Fragment>
                ))}
              </div>
              <FieldError field="rating" errors={errors} />
            </fieldset>

            <div>
              <label htmlFor="review-content" className="field-label">
                Your review
              </label>
              <textarea
                id="review-content"
                name="content"
                rows={6}
                maxLength={2000}
                required
                defaultValue={values?.content ?? ""}
                className={fieldClass(errors.content)}
                {...invalid("content")}
              />
              <FieldError field="content" errors={errors} />
            </div>

            <div>
              <label htmlFor="review-customer_name" className="field-label">
                Name shown
              </label>
              <input
                id="review-customer_name"
                name="customer_name"
                type="text"
                maxLength={100}
                required
                autoComplete="off"
                defaultValue={values?.customer_name ?? page.name}
                className={fieldClass(errors.customer_name)}
                aria-describedby={errors.customer_name ? "review-customer_name-error" : "review-name-hint"}
                aria-invalid={errors.customer_name ? true : undefined}
              />
              <p id="review-name-hint" className="mt-1.5 text-sm text-slate-500">
                How your name appears with the review.
              </p>
              <FieldError field="customer_name" errors={errors} />
            </div>

            <div>
              <label htmlFor="review-photo" className="field-label">
                Photo <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <input
                id="review-photo"
                name="photo"
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-ocean-50 file:px-3 file:py-2 file:font-medium file:text-ocean-900 hover:file:bg-ocean-100"
                aria-describedby={errors.photo ? "review-photo-error" : "review-photo-hint"}
                aria-invalid={errors.photo ? true : undefined}
              />
              <p id="review-photo-hint" className="mt-1.5 text-sm text-slate-500">
                A picture from your trip: JPEG, PNG, GIF, WebP or AVIF, up to {REVIEW_PHOTO_MAX_MB} MB.
                {values ? " If you chose one before, please choose it again." : ""}
              </p>
              <FieldError field="photo" errors={errors} />
            </div>

            <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-500">We read every review before it appears on our site.</p>
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? "Sending…" : "Send review"}
              </button>
            </div>
          </Form>
        ) : (
          <div
            role="status"
            data-testid="review-closed"
            className="mt-8 flex gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-slate-700"
          >
            <CalendarClock aria-hidden className="mt-0.5 size-6 shrink-0 text-ocean-700" />
            <p>
              {page.state === "not_yet"
                ? `You can review this trip from ${formatDateAU(page.opensOn, "full")}, once you have been out with us.`
                : "Reviews are for trips that went ahead, and this booking is not one of them."}
            </p>
          </div>
        )}

        <p className="mt-8 text-sm">
          <Link to={back} className="font-medium text-reef-700 underline">
            Back to your booking
          </Link>
        </p>
      </div>
    </div>
  );
}

function fieldClass(error: string | undefined): string {
  return `field ${error ? "border-coral-600 focus:border-coral-600 focus:ring-coral-600/30" : ""}`;
}

function FieldError({ field, errors }: { field: ReviewField; errors: ReviewErrors }) {
  if (!errors[field]) return null;
  return (
    <p id={`review-${field}-error`} className="mt-1.5 flex items-center gap-1.5 text-sm text-coral-700">
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      {errors[field]}
    </p>
  );
}

function InvalidLink() {
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-xl py-12 sm:py-16">
        <h1 className="text-3xl font-semibold sm:text-4xl">This review link does not work</h1>
        <p className="mt-3 text-slate-600" data-testid="invalid-link">
          The link may be incomplete, or it has been replaced by a newer one or switched off.{" "}
          <Link to="/my-booking" className="font-medium text-reef-700 underline">
            Ask for a fresh booking link
          </Link>{" "}
          and open the review from there.
        </p>
      </div>
    </div>
  );
}

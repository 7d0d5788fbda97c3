import {
  CalendarClock,
  CalendarDays,
  CalendarPlus,
  CheckCircle2,
  Clock,
  Download,
  FileText,
  ListChecks,
  MapPin,
  ReceiptText,
  Users,
  XCircle,
} from "lucide-react";
import { data, Form, Link, redirect, useLocation, useNavigationType } from "react-router";
import {
  bookingByToken,
  customerCanCancel,
  type ManageView,
  manageView,
  openBookingLink,
} from "../../../server/domain/bookings/booking-links.server";
import { bookingTerms } from "../../../server/domain/bookings/booking-terms.server";
import { cancelBooking } from "../../../server/domain/bookings/cancel-booking.server";
import { bookingPriceView } from "../../../server/domain/bookings/extras.server";
import { dateChangeView } from "../../../server/domain/bookings/reschedule-offer.server";
import { reviewOpening } from "../../../server/domain/bookings/reviews.server";
import { participantsSummary } from "../../../server/domain/dive-ops/participant-views.server";
import { bookingDocuments, documentLink } from "../../../server/domain/money/invoices.server";
import { weatherView } from "../../../server/domain/weather/views.server";
import { HttpError } from "../../../server/errors.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { BookingPriceLines } from "../../components/BookingPriceLines";
import { DateChangeBlocked } from "../../components/DateChangeBlocked";
import { Img } from "../../components/Img";
import { InvalidLink } from "../../components/InvalidLink";
import { LeaveReviewCard } from "../../components/LeaveReviewCard";
import { ParticipantsSummary } from "../../components/ParticipantsSummary";
import { TripFact, WhatToBring } from "../../components/TripFact";
import { WeatherNotice } from "../../components/WeatherNotice";
import { getApp } from "../../lib/context";
import { formatDateAU } from "../../lib/dates";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formSuccess, formView } from "../../lib/form-result";
import { formatMoney } from "../../lib/money";
import { useResultInView } from "../../lib/result-in-view";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import type { Route } from "./+types/my-booking";

/**
 * The booking a private link opens. A wrong, unknown or revoked token gets
 * one and the same 404 page, which offers to email a fresh link; an expired
 * one (the trip ended long ago) gets 410 and says so.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const at = app.booking.now();
  const opened = await openBookingLink(app.db, params.token, at);
  const linked = opened.status === "live" ? opened.linked : null;
  // A departure called off for weather: the choices while open, the outcome after.
  const weather = linked ? await weatherView(app.db, linked.booking) : null;
  const view: ManageView | null = linked
    ? manageView(linked, at, await bookingTerms(app.db, linked.booking), {
        calledOffForWeather: weather?.open === true,
      })
    : null;
  // Whether the date can be changed (and why not), and after a change (?changed=1) what became of it.
  const dateChange = linked ? await dateChangeView(app.db, linked, at, request) : null;
  const canReview = linked ? reviewOpening(linked.booking, at).open : false;
  // Who is coming and what they still need to give (not for a booking that was never paid).
  const participants =
    linked && linked.booking.bookingStatus !== "pending_payment"
      ? {
          summary: await participantsSummary(app.db, linked.booking.id),
          saved: Number(new URL(request.url).searchParams.get("participant")) || null,
        }
      : null;
  const expired = opened.status === "expired";
  // Its tax invoices and adjustment notes (receipts without an ABN), each a printable page.
  const documents = linked ? (await bookingDocuments(app.db, linked.booking.id)).map(documentLink) : [];
  // Its price lines (people per category, extras with the sizes hired); none for the spec's booking.
  const price = linked ? await bookingPriceView(app.db, linked.booking) : null;
  return data(
    { view, expired, dateChange, canReview, participants, weather, documents, price },
    { status: view ? 200 : expired ? 410 : 404 },
  );
}

/**
 * Cancelling without JavaScript takes two posts: intent=review shows what the
 * policy refunds today and asks to confirm; intent=confirm cancels through
 * cancelBooking, the operator's own path (booking claimed, spots released and
 * the refund claimed once, however many confirms arrive), then answers 303
 * to the page, which shows the cancelled booking and its refund.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const self = `/my-booking/${params.token}`;
  const { intent } = await postedText(request, ["intent"]);
  const linked = await bookingByToken(app.db, params.token, app.booking.now());
  if (!linked || !customerCanCancel(linked.booking, app.booking.now())) {
    return redirect(self, { status: 303 });
  }
  if (intent === "review") return formAnswer(formSuccess(null, { intent }));
  if (intent !== "confirm") return redirect(self, { status: 303 });
  try {
    await cancelBooking(app.booking, linked.booking.id, { by: "customer" });
  } catch (error) {
    // Cancelled already (a second tab, a double click): the page shows it as it stands.
    if (!(error instanceof HttpError && error.status === 409)) {
      pageFailed(app, "customer cancellation failed", error, { booking: linked.booking.id });
      return formAnswer(
        formFailure(500, "We could not cancel your booking just now. Please try again, or contact us.", {
          intent,
        }),
      );
    }
  }
  return redirect(self, { status: 303 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo({
    title: loaderData?.view
      ? `Your booking ${loaderData.view.reference} | ${siteName(matches[0].loaderData.content)}`
      : `Booking link not valid | ${siteName(matches[0].loaderData.content)}`,
    description: `Your booking with ${siteName(matches[0].loaderData.content)}.`,
    // Never the token: the canonical address of every booking link is the find page.
    path: "/my-booking",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function MyBooking({ loaderData, actionData, params }: Route.ComponentProps) {
  const { view, dateChange } = loaderData;
  const reviewing = formView(actionData, "review").ok && view?.canCancel === true;
  const cancelFailed = formView(actionData, "confirm").detail;
  const { key } = useLocation();
  // A cancellation lands here again (a redirect, never the first view of the page): its notice comes into view.
  const arrived = useNavigationType() !== "POP";
  const cancelledRef = useResultInView<HTMLDivElement>(view?.status === "cancelled" && arrived ? key : null);
  const reviewRef = useResultInView<HTMLDivElement>(reviewing ? key : null);
  const failedRef = useResultInView<HTMLParagraphElement>(cancelFailed ? key : null);
  if (!view) return <InvalidLink expired={loaderData.expired} />;
  const money = (cents: number) => formatMoney(cents, view.currency, true);
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-4xl py-10 sm:py-14">
        <p className="eyebrow">Your booking</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold break-words sm:text-4xl">{view.adventureTitle}</h1>
          <span
            data-testid="booking-status"
            className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${
              view.status === "cancelled"
                ? "bg-coral-50 text-coral-800 ring-coral-100"
                : "bg-white text-reef-700 ring-reef-100"
            }`}
          >
            {view.status === "cancelled" ? (
              <XCircle aria-hidden="true" className="size-4" />
            ) : (
              <CheckCircle2 aria-hidden="true" className="size-4" />
            )}
            {view.statusText}
          </span>
        </div>
        <p className="mt-2 text-slate-600">
          Reference <strong data-testid="booking-reference">{view.reference}</strong>
        </p>

        {view.status === "cancelled" ? (
          <div
            ref={cancelledRef}
            tabIndex={-1}
            role="status"
            data-testid="cancelled-notice"
            className="mt-6 rounded-2xl border border-coral-100 bg-coral-50 p-4 text-slate-700"
          >
            This booking is cancelled.{" "}
            {view.refundedCents > 0
              ? `A refund of ${money(view.refundedCents)} is on its way to your card; it usually shows within 5-10 business days.`
              : "No refund applies under our cancellation policy."}
          </div>
        ) : null}

        <WeatherNotice weather={loaderData.weather} token={params.token} />

        {dateChange?.notice ? (
          <div
            role="status"
            data-testid="date-change-notice"
            className="mt-6 rounded-2xl border border-reef-100 bg-reef-50 p-4 text-slate-700"
          >
            {dateChange.notice}
          </div>
        ) : null}

        <div className="mt-8 grid items-start gap-6 md:grid-cols-5">
          <section className="card md:col-span-3" aria-labelledby="trip">
            <div className="aspect-[16/7] bg-ocean-100">
              <Img
                src={view.image}
                alt={view.imageAlt}
                sizes="(min-width: 768px) 36rem, 100vw"
                className="size-full object-cover"
              />
            </div>
            <div className="space-y-5 p-6">
              <h2 id="trip" className="text-xl font-semibold">
                Trip details
              </h2>
              <dl className="grid gap-4 text-sm sm:grid-cols-2">
                <TripFact icon={<CalendarDays className="size-5" />} label="When">
                  {formatDateAU(view.date, "full")}
                  {view.startTime ? `, ${view.startTime}` : ""}
                </TripFact>
                <TripFact icon={<Clock className="size-5" />} label="Duration">
                  {view.duration}
                </TripFact>
                <TripFact icon={<Users className="size-5" />} label="Group">
                  {view.group} (booked by {view.leadName})
                </TripFact>
                <TripFact icon={<ReceiptText className="size-5" />} label="Total paid">
                  <span data-testid="total-paid">{view.paid ? money(view.paidCents) : "Not paid"}</span>
                  {view.promoDiscountCents ? (
                    <span className="block text-slate-600" data-testid="promo-discount">
                      Promo code {view.promoCode}: -{money(view.promoDiscountCents)}
                    </span>
                  ) : null}
                </TripFact>
                {loaderData.price ? (
                  <TripFact icon={<ListChecks className="size-5" />} label="Price" wide>
                    <BookingPriceLines price={loaderData.price} currency={view.currency} />
                  </TripFact>
                ) : null}
                {view.meetingPoint ? (
                  <TripFact icon={<MapPin className="size-5" />} label="Meeting point" wide>
                    {view.meetingPoint}
                  </TripFact>
                ) : null}
              </dl>
              {view.status !== "cancelled" ? (
                <div className="flex flex-wrap gap-3">
                  <a href={`/my-booking/${params.token}/calendar.ics`} className="btn-secondary" download>
                    <Download aria-hidden className="size-4" /> Download calendar file (.ics)
                  </a>
                  <a
                    href={view.googleCalendarUrl}
                    className="btn-secondary"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <CalendarPlus aria-hidden className="size-4" /> Add to Google Calendar
                  </a>
                </div>
              ) : null}
              {loaderData.documents?.length ? (
                <ul className="flex flex-wrap gap-3" aria-label="Invoices">
                  {loaderData.documents.map((d) => (
                    <li key={d.number}>
                      <a
                        href={`/my-booking/${params.token}/invoices/${d.number}`}
                        className="btn-secondary"
                        target="_blank"
                        rel="noopener"
                      >
                        <FileText aria-hidden className="size-4" /> {d.title} {d.number}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </section>

          <div className="space-y-6 md:col-span-2">
            {loaderData.participants && view.status !== "cancelled" ? (
              <ParticipantsSummary {...loaderData.participants} token={params.token} />
            ) : null}
            {loaderData.canReview ? <LeaveReviewCard href={`/my-booking/${params.token}/review`} /> : null}
            {view.whatToBring.length && view.status !== "cancelled" ? (
              <WhatToBring items={view.whatToBring} />
            ) : null}

            {dateChange && view.status === "confirmed" ? (
              <section className="card p-6" aria-labelledby="change-date" data-testid="change-date">
                <h2 id="change-date" className="text-xl font-semibold">
                  Change date
                </h2>
                {dateChange.offered ? (
                  <>
                    <p className="mt-2 text-sm text-slate-600">
                      Move this booking to another date of {view.adventureTitle}, free of charge{" "}
                      {view.changeWindow}. A different price on the new date is paid or refunded.
                    </p>
                    <Link
                      to={`/my-booking/${params.token}/reschedule`}
                      className="btn-secondary mt-4 w-full sm:w-auto"
                    >
                      <CalendarClock aria-hidden className="size-4" /> Change date
                    </Link>
                  </>
                ) : (
                  <DateChangeBlocked reason={dateChange.reason} checkoutUrl={dateChange.checkoutUrl} />
                )}
              </section>
            ) : null}

            <section className="card p-6" aria-labelledby="cancel">
              <h2 id="cancel" className="text-xl font-semibold">
                Cancellation
              </h2>
              {/* The answer to a cancel post comes first in its section, where a phone shows it. */}
              {cancelFailed ? (
                <p ref={failedRef} tabIndex={-1} role="alert" className="mt-3 text-sm text-coral-700">
                  {cancelFailed}
                </p>
              ) : null}
              {reviewing ? (
                <div
                  ref={reviewRef}
                  tabIndex={-1}
                  className="mt-4 rounded-xl border border-coral-100 bg-coral-50 p-4"
                  data-testid="cancel-review"
                >
                  <p className="text-sm font-semibold text-slate-900">
                    Cancel this booking and receive {money(view.refundTodayCents)} back?
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    This cannot be undone: your spots are given to other guests.
                  </p>
                  <div className="mt-4 flex flex-wrap gap-3">
                    <Form method="post" replace>
                      <input type="hidden" name="intent" value="confirm" />
                      <button type="submit" className="btn-primary">
                        Confirm cancellation
                      </button>
                    </Form>
                    <Link to={`/my-booking/${params.token}`} replace className="btn-secondary">
                      Keep my booking
                    </Link>
                  </div>
                </div>
              ) : null}
              <p className="mt-2 text-sm text-slate-600">
                {view.policySentence} ({view.policyCounting}). Weather cancellations by us are always
                refunded.{" "}
                <Link to="/cancellation" className="font-medium text-reef-700 underline">
                  Full policy
                </Link>
              </p>
              {view.canCancel ? (
                <>
                  <p className="mt-3 text-sm text-slate-700">{view.policy}.</p>
                  <p className="mt-3 text-sm font-medium text-slate-900" data-testid="refund-today">
                    Cancelling today refunds {money(view.refundTodayCents)} ({view.refundPercent}% of{" "}
                    {money(view.paidCents)}).
                  </p>
                  {view.voucherBackTodayCents > 0 ? (
                    <p className="mt-1 text-sm text-slate-600" data-testid="voucher-back-today">
                      {view.voucherBackTodayCents >= view.refundTodayCents
                        ? "All of it goes back on your voucher, ready for another booking."
                        : `Of this, ${money(view.voucherBackTodayCents)} goes back on your voucher and the rest to your card.`}
                    </p>
                  ) : null}
                  {!reviewing ? (
                    <Form method="post" action={`/my-booking/${params.token}#cancel`} className="mt-4">
                      <input type="hidden" name="intent" value="review" />
                      <button type="submit" className="btn-secondary w-full sm:w-auto">
                        Cancel booking
                      </button>
                    </Form>
                  ) : null}
                </>
              ) : view.status === "confirmed" ? (
                <p className="mt-3 text-sm text-slate-700">
                  This trip has started or passed, so it can no longer be cancelled online.
                </p>
              ) : null}
            </section>
          </div>
        </div>

        <p className="mt-10 text-sm text-slate-500">
          This page is private to you: anyone with its link can see and cancel this booking, so please do not
          share it. Questions?{" "}
          <Link to="/contact" className="font-medium text-reef-700 underline">
            Contact us
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

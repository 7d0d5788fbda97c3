import { ArrowRight, CalendarDays, ReceiptText, Users } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { bookingByToken } from "../../../server/domain/bookings/booking-links.server";
import { rescheduleOffer } from "../../../server/domain/bookings/reschedule-offer.server";
import { requestReschedule } from "../../../server/domain/bookings/reschedule-request.server";
import { HttpError } from "../../../server/errors.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { ActionError } from "../../components/ActionError";
import { DateChangeBlocked } from "../../components/DateChangeBlocked";
import { InvalidLink } from "../../components/InvalidLink";
import { TripFact } from "../../components/TripFact";
import { startTimeField } from "../../lib/booking";
import { getApp } from "../../lib/context";
import { isIsoDate } from "../../lib/dates";
import { departureKey, departureText } from "../../lib/departure";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formView } from "../../lib/form-result";
import { peopleText } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import type { Route } from "./+types/my-booking-reschedule";

/**
 * Changing the date from a booking's private link, without JavaScript: the
 * list of dates is a GET form (?date= opens the review step, which says what
 * happens to the money), and the review's Confirm posts to the action. The
 * server prices and checks everything again on confirm.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const linked = await bookingByToken(app.db, params.token, app.booking.now());
  if (!linked) return data({ page: null }, { status: 404 });
  const at = app.booking.now();
  const offer = await rescheduleOffer(app.db, linked, at);
  // The list sends one value per departure (departureKey); a link may name the time apart (?start_time=).
  const query = new URL(request.url).searchParams;
  const wanted = query.get("date") ?? "";
  const wantedKey = query.get("start_time") ? departureKey(wanted, query.get("start_time") ?? "") : wanted;
  const { booking: b } = linked;
  const page = {
    reference: b.reference,
    adventureTitle: b.adventureTitle,
    date: b.selectedDate,
    startTime: b.startTime,
    group: peopleText(b.groupSize),
    totalCents: b.totalAmountCents,
    currency: b.currency,
    offer,
    picked: offer.offered ? (offer.options.find((o) => o.key === wantedKey) ?? null) : null,
    /** A departure asked for that is not (or no longer) on the list. */
    pickedMissing: wanted !== "" && offer.offered && !offer.options.some((o) => o.key === wantedKey),
  };
  return data({ page });
}

/**
 * Confirms a move: 303 to the booking's page once it moved, or to the
 * checkout of a higher price. A refusal (no-refund window, a date that filled,
 * a price that changed since the review) answers its 4xx with the reason.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const posted = await postedText(request, ["date", "start_time", "difference"]);
  const linked = await bookingByToken(app.db, params.token, app.booking.now());
  if (!linked) return formAnswer(formFailure(404, "This booking link does not work."));
  if (!isIsoDate(posted.date)) {
    const date = "date: Choose the new date.";
    return formAnswer(formFailure(400, date, { errors: { date } }));
  }
  // The departure's time, where the new date has several (blank: the date's one departure).
  const time = startTimeField.safeParse(posted.start_time);
  if (!time.success) {
    const startTime = `start_time: ${time.error.issues[0].message}`;
    return formAnswer(formFailure(400, startTime, { errors: { start_time: startTime } }));
  }
  // The difference the review showed, in cents; the server refuses the move if the price changed since.
  if (posted.difference !== "" && !/^-?\d{1,9}$/.test(posted.difference)) {
    const difference = "difference: Review the change again.";
    return formAnswer(formFailure(400, difference, { errors: { difference } }));
  }
  const expected = posted.difference === "" ? undefined : Number(posted.difference);
  try {
    const result = await requestReschedule(
      app.booking,
      linked.booking.id,
      { date: posted.date, startTime: time.data },
      expected,
    );
    if (result.outcome === "checkout") return redirect(result.checkoutUrl, { status: 303 });
    return redirect(`/my-booking/${params.token}?changed=1`, { status: 303 });
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      return formAnswer(formFailure(error.status, error.message, { errors: error.errors }));
    }
    pageFailed(app, "customer date change failed", error, { booking: linked.booking.id });
    // A provider that could not open the checkout says so (its 502); any other fault in the form's words.
    return formAnswer(
      error instanceof HttpError
        ? formFailure(error.status, error.message)
        : formFailure(
            500,
            "We could not change your date just now. Your booking is unchanged; please try again, or contact us.",
          ),
    );
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo({
    title: loaderData?.page
      ? `Change the date of ${loaderData.page.reference} | ${siteName(matches[0].loaderData.content)}`
      : `Booking link not valid | ${siteName(matches[0].loaderData.content)}`,
    description: "Move your booking to another date.",
    path: "/my-booking",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function Reschedule({ loaderData, actionData, params }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) return <InvalidLink />;
  const money = (cents: number) => formatMoney(cents, page.currency, true);
  const self = `/my-booking/${params.token}/reschedule`;
  const { offer, picked } = page;
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-3xl py-10 sm:py-14">
        <p className="eyebrow">Your booking {page.reference}</p>
        <h1 className="mt-2 text-3xl font-semibold break-words sm:text-4xl">Change the date</h1>
        <p className="mt-2 text-slate-600">{page.adventureTitle}</p>

        <section className="card mt-6 p-6" aria-labelledby="now">
          <h2 id="now" className="text-lg font-semibold">
            Booked now
          </h2>
          <dl className="mt-3 grid gap-4 text-sm sm:grid-cols-3">
            <TripFact icon={<CalendarDays className="size-5" />} label="Date">
              <span data-testid="current-date">{departureText(page.date, page.startTime, "full")}</span>
            </TripFact>
            <TripFact icon={<Users className="size-5" />} label="Group">
              {page.group}
            </TripFact>
            <TripFact icon={<ReceiptText className="size-5" />} label="Total">
              {money(page.totalCents)}
            </TripFact>
          </dl>
        </section>

        <ActionError message={formView(actionData).detail} testId="reschedule-error" />

        {!offer.offered ? (
          <section className="card mt-6 p-6" aria-labelledby="why" data-testid="reschedule-unavailable">
            <h2 id="why" className="text-lg font-semibold">
              The date cannot be changed online
            </h2>
            <DateChangeBlocked reason={offer.reason} checkoutUrl={offer.checkoutUrl} />
          </section>
        ) : picked ? (
          <section className="card mt-6 p-6" aria-labelledby="review" data-testid="reschedule-review">
            <h2 id="review" className="text-lg font-semibold">
              Review the change
            </h2>
            <p className="mt-3 flex flex-wrap items-center gap-2 text-base font-medium text-slate-900">
              <span>{departureText(page.date, page.startTime, "full")}</span>
              <ArrowRight aria-label="to" className="size-4 text-reef-600" />
              <span data-testid="review-new-date">{picked.display}</span>
            </p>
            <p className="mt-3 text-sm text-slate-700" data-testid="review-money">
              {picked.differenceCents > 0
                ? `The new date costs ${money(picked.totalCents)} for ${page.group}: you pay ${money(picked.differenceCents)} more at the secure checkout. Your booking stays on its current date until that payment is complete (the new spots are held for 30 minutes).`
                : picked.differenceCents < 0
                  ? `The new date costs ${money(picked.totalCents)} for ${page.group}: we refund ${money(-picked.differenceCents)} to your card (it usually shows within 5-10 business days).`
                  : "The price is the same: nothing to pay and nothing refunded."}
            </p>
            {picked.refundDropText ? (
              <p
                className="mt-3 rounded-lg border border-coral-200 bg-coral-50 p-3 text-sm font-medium text-coral-800"
                data-testid="review-refund-drop"
              >
                {picked.refundDropText}: the new date is nearer, so a later tier of the cancellation policy
                applies.
              </p>
            ) : null}
            <p className="mt-2 text-sm text-slate-600">
              Your spots on {departureText(page.date, page.startTime)} are given to other guests once the
              booking has moved. We email you the new date with a calendar file.
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              <Form method="post" action={self} replace>
                <input type="hidden" name="date" value={picked.date} />
                {picked.startTime ? <input type="hidden" name="start_time" value={picked.startTime} /> : null}
                <input type="hidden" name="difference" value={String(picked.differenceCents)} />
                <button type="submit" className="btn-primary">
                  {picked.differenceCents > 0
                    ? `Confirm and pay ${money(picked.differenceCents)}`
                    : "Confirm new date"}
                </button>
              </Form>
              <Link to={self} className="btn-secondary">
                Choose another date
              </Link>
            </div>
          </section>
        ) : (
          <section className="card mt-6 p-6" aria-labelledby="dates">
            <h2 id="dates" className="text-lg font-semibold">
              Choose a new date
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Free of charge {offer.changeWindow}; a different price on the new date is paid or refunded.
            </p>
            {page.pickedMissing ? (
              <p role="alert" className="mt-3 text-sm text-coral-700">
                That date is no longer open for your group. Choose another one.
              </p>
            ) : null}
            <Form method="get" action={self} className="mt-4">
              <fieldset>
                <legend className="sr-only">New date</legend>
                <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                  {offer.options.map((o) => (
                    <li key={o.key}>
                      <label
                        className="flex cursor-pointer items-start gap-3 p-3 has-[:checked]:bg-reef-50"
                        data-testid="reschedule-option"
                      >
                        <input
                          type="radio"
                          name="date"
                          value={o.key}
                          required
                          className="mt-1 size-4 accent-reef-600"
                        />
                        <span className="min-w-0 flex-1 sm:flex sm:items-start sm:justify-between sm:gap-3">
                          <span className="block">
                            <span className="block font-medium text-slate-900">{o.display}</span>
                            <span className="block text-sm text-slate-600">
                              {money(o.unitCents)} per person · {o.spotsLeft}{" "}
                              {o.spotsLeft === 1 ? "spot" : "spots"} left
                            </span>
                          </span>
                          <span
                            className={`mt-0.5 block text-sm font-semibold sm:mt-0 sm:shrink-0 sm:text-right ${
                              o.differenceCents > 0
                                ? "text-coral-700"
                                : o.differenceCents < 0
                                  ? "text-reef-700"
                                  : "text-slate-600"
                            }`}
                          >
                            {o.differenceText}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <button type="submit" className="btn-primary mt-4 w-full sm:w-auto">
                Review change
              </button>
            </Form>
          </section>
        )}

        <p className="mt-8 text-sm">
          <Link to={`/my-booking/${params.token}`} className="font-medium text-reef-700 underline">
            Back to my booking
          </Link>
        </p>
      </div>
    </div>
  );
}

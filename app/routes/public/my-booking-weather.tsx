import { CalendarClock, CloudRain, ReceiptText, Ticket } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { bookingByToken } from "../../../server/domain/bookings/booking-links.server";
import { freeMoveDates } from "../../../server/domain/bookings/reschedule-offer.server";
import { chooseWeather } from "../../../server/domain/weather/choice.server";
import { weatherView } from "../../../server/domain/weather/views.server";
import { HttpError } from "../../../server/errors.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { ActionError } from "../../components/ActionError";
import { InvalidLink } from "../../components/InvalidLink";
import { weatherOutcomeText } from "../../components/WeatherNotice";
import { getApp } from "../../lib/context";
import { formatDateAU, sydneyDate } from "../../lib/dates";
import { departureText } from "../../lib/departure";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure, formView } from "../../lib/form-result";
import { peopleText } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import { parseDepartureKey } from "../../lib/reschedule";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import { CHOICE_TEXT, weatherChoiceSchema } from "../../lib/weather";
import type { Route } from "./+types/my-booking-weather";

/**
 * The customer's answer to a departure called off for weather, without
 * JavaScript: three forms posting to the action (the move's form lists the
 * open dates as radio buttons). After an answer the page shows its outcome.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const linked = await bookingByToken(app.db, params.token, app.booking.now());
  const weather = linked ? await weatherView(app.db, linked.booking) : null;
  if (!linked || !weather) return data({ page: null }, { status: 404 });
  const { booking: b } = linked;
  const dates = weather.open ? await freeMoveDates(app.db, b, app.booking.now()) : [];
  return data({
    page: {
      reference: b.reference,
      adventureTitle: b.adventureTitle,
      group: peopleText(b.groupSize),
      weather,
      dates,
    },
  });
}

/** Takes the answer once (a repeat answers the first one's outcome), then 303 back to the page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const self = `/my-booking/${params.token}/weather`;
  const posted = await postedText(request, ["choice", "date"]);
  const linked = await bookingByToken(app.db, params.token, app.booking.now());
  const weather = linked ? await weatherView(app.db, linked.booking) : null;
  if (!linked || !weather) return formAnswer(formFailure(404, "This booking link does not work."));
  // The list's choice names a departure: its date, and its time where it has one (departureKey).
  const picked = posted.choice === "move" && posted.date !== "" ? parseDepartureKey(posted.date) : null;
  const parsed = weatherChoiceSchema.safeParse({
    choice: posted.choice,
    date: posted.choice === "move" && posted.date !== "" ? (picked?.date ?? posted.date) : undefined,
    start_time: picked?.startTime,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? "choice");
    const message = `${field}: ${issue.message}`;
    return formAnswer(formFailure(400, message, { errors: { [field]: message } }));
  }
  try {
    const { start_time: startTime, ...choice } = parsed.data;
    await chooseWeather(app.booking, weather.offerId, { ...choice, startTime, by: "customer" });
    return redirect(self, { status: 303 });
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      return formAnswer(formFailure(error.status, error.message, { errors: error.errors }));
    }
    pageFailed(app, "weather choice failed", error, { booking: linked.booking.id });
    return formAnswer(
      formFailure(
        500,
        "We could not take your choice just now. Nothing has changed; please try again, or contact us.",
      ),
    );
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo({
    title: loaderData?.page
      ? `Weather: your choices for ${loaderData.page.reference} | ${siteName(matches[0].loaderData.content)}`
      : `Booking link not valid | ${siteName(matches[0].loaderData.content)}`,
    description: "Your trip was called off for the weather: move it, keep credit or take a refund.",
    path: "/my-booking",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function WeatherChoice({ loaderData, actionData, params }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) return <InvalidLink />;
  const { weather: w } = page;
  const money = (cents: number) => formatMoney(cents, w.currency, true);
  const self = `/my-booking/${params.token}/weather`;
  const respondBy = formatDateAU(sydneyDate(new Date(w.respondBy)), "full");
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-3xl py-10 sm:py-14">
        <p className="eyebrow">Your booking {page.reference}</p>
        <h1 className="mt-2 text-3xl font-semibold break-words sm:text-4xl">
          {w.outcome ? "Your weather choice" : "Your trip is off for the weather"}
        </h1>
        <p className="mt-2 text-slate-600">
          {page.adventureTitle}, {departureText(w.date, w.startTime, "full")} · {page.group}
        </p>

        <section className="card mt-6 flex gap-3 p-6" aria-label="Message from us">
          <CloudRain aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-ocean-700" />
          <p className="whitespace-pre-line text-slate-700" data-testid="weather-message">
            {w.message}
          </p>
        </section>

        <ActionError message={formView(actionData).detail} testId="weather-error" />

        {w.outcome ? (
          <section className="card mt-6 p-6" aria-labelledby="outcome" data-testid="weather-outcome">
            <h2 id="outcome" className="text-lg font-semibold">
              {CHOICE_TEXT[w.outcome.choice].title}
            </h2>
            <p className="mt-2 text-slate-700">{weatherOutcomeText(w)}</p>
            {w.outcome.voucher ? (
              <p className="mt-4 rounded-xl border border-reef-100 bg-reef-50 p-4">
                <span className="block text-sm text-slate-600">Voucher</span>
                <strong className="text-2xl tracking-wider text-slate-900" data-testid="voucher-code">
                  {w.outcome.voucher.codeHint}
                </strong>
                <span className="mt-1 block text-sm text-slate-600">
                  We have emailed you the full code: enter it when you book.
                </span>
                <span className="mt-1 block text-sm text-slate-600">
                  Balance {formatMoney(w.outcome.voucher.balanceCents, w.outcome.voucher.currency, true)} ·
                  valid until {formatDateAU(sydneyDate(new Date(w.outcome.voucher.expiresAt)))}
                </span>
              </p>
            ) : null}
            {w.outcome.decidedBy !== "customer" ? (
              <p className="mt-3 text-sm text-slate-600">
                {w.outcome.decidedBy === "default"
                  ? "We had not heard from you by the date in our email, so this was applied as announced."
                  : "We recorded this choice for you."}
              </p>
            ) : null}
            {w.outcome.choice === "credit" ? (
              <Link to="/book" className="btn-primary mt-5 w-full sm:w-auto">
                Book with your voucher
              </Link>
            ) : null}
          </section>
        ) : !w.open ? (
          <section className="card mt-6 p-6" data-testid="weather-closed">
            <p className="text-slate-700">
              This booking is no longer on the cancelled date, so the weather choices do not apply. Questions?{" "}
              <Link to="/contact" className="font-medium text-reef-700 underline">
                Contact us
              </Link>
              .
            </p>
          </section>
        ) : (
          <>
            <p className="mt-6 text-slate-700">
              Choose one of these by {respondBy}. If we have not heard from you by then, we will{" "}
              {w.defaultChoice === "credit" ? "give you credit for the full amount" : "refund you in full"}.
            </p>
            <section className="card mt-4 p-6" aria-labelledby="move" data-testid="choice-move">
              <h2 id="move" className="flex items-center gap-2 text-lg font-semibold">
                <CalendarClock aria-hidden="true" className="size-5 text-reef-600" />
                {CHOICE_TEXT.move.title}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{CHOICE_TEXT.move.detail}</p>
              {page.dates.length ? (
                <Form method="post" action={self} className="mt-4">
                  <input type="hidden" name="choice" value="move" />
                  <fieldset>
                    <legend className="sr-only">New date</legend>
                    <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
                      {page.dates.map((d) => (
                        <li key={d.key}>
                          <label
                            className="flex cursor-pointer items-center gap-3 p-3 has-[:checked]:bg-reef-50"
                            data-testid="weather-date"
                          >
                            <input
                              type="radio"
                              name="date"
                              value={d.key}
                              required
                              className="size-4 accent-reef-600"
                            />
                            <span className="flex-1 font-medium text-slate-900">{d.display}</span>
                            <span className="text-sm text-slate-600">
                              {d.spotsLeft} {d.spotsLeft === 1 ? "spot" : "spots"} left
                            </span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                  <button type="submit" className="btn-primary mt-4 w-full sm:w-auto">
                    Move to this date
                  </button>
                </Form>
              ) : (
                <p className="mt-3 text-sm text-slate-700">
                  There is no other open date with room for your group at the moment: choose credit or a
                  refund, or contact us.
                </p>
              )}
            </section>
            <section className="card mt-4 p-6" aria-labelledby="credit" data-testid="choice-credit">
              <h2 id="credit" className="flex items-center gap-2 text-lg font-semibold">
                <Ticket aria-hidden="true" className="size-5 text-reef-600" />
                {CHOICE_TEXT.credit.title}: {money(w.creditCents)}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{CHOICE_TEXT.credit.detail}</p>
              <Form method="post" action={self} className="mt-4">
                <input type="hidden" name="choice" value="credit" />
                <button type="submit" className="btn-secondary w-full sm:w-auto">
                  Take {money(w.creditCents)} credit
                </button>
              </Form>
            </section>
            <section className="card mt-4 p-6" aria-labelledby="refund" data-testid="choice-refund">
              <h2 id="refund" className="flex items-center gap-2 text-lg font-semibold">
                <ReceiptText aria-hidden="true" className="size-5 text-reef-600" />
                {CHOICE_TEXT.refund.title}: {money(w.refundCents)}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{CHOICE_TEXT.refund.detail}</p>
              <Form method="post" action={self} className="mt-4">
                <input type="hidden" name="choice" value="refund" />
                <button type="submit" className="btn-secondary w-full sm:w-auto">
                  Refund {money(w.refundCents)} to my card
                </button>
              </Form>
            </section>
          </>
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

import { useEffect, useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { listDateOptions } from "../../../server/domain/bookings/availability.server";
import { createBooking } from "../../../server/domain/bookings/create-booking.server";
import { extrasByAdventure, gearLeftOn, postedExtras } from "../../../server/domain/bookings/extras.server";
import { cancelledBookingForm } from "../../../server/domain/bookings/payment-views.server";
import {
  categoriesByAdventure,
  postedCategoryCounts,
} from "../../../server/domain/bookings/price-categories.server";
import { offerByToken } from "../../../server/domain/bookings/waitlist.server";
import { listActiveAdventures } from "../../../server/domain/content/adventures.server";
import { TooManyCheckouts } from "../../../server/domain/money/checkout-cap.server";
import { findPayment } from "../../../server/domain/money/checkout-ledger.server";
import { fromDatabaseError, HttpError } from "../../../server/errors.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { validateBody } from "../../../server/security/text.server";
import { PaymentBanner, TestModeNotice } from "../../components/booking/Banners";
import { type BookableAdventure, BookingFlow } from "../../components/booking/BookingFlow";
import {
  fetchPaymentStatus,
  interpret,
  STATUS_TEXT,
  startPaymentPolling,
  successUrl,
} from "../../components/booking/payment-status";
import {
  BOOKING_FORM_FIELDS,
  type BookingFormValues,
  bookingSchema,
  missingRequired,
  TEXT,
} from "../../lib/booking";
import { NO_STORE_HEADERS } from "../../lib/cache-control";
import { getApp } from "../../lib/context";
import { isIsoDate } from "../../lib/dates";
import { postedText } from "../../lib/form-post";
import { fieldErrorsFrom, formAnswer, formFailure, formView } from "../../lib/form-result";
import { MAX_GROUP_SIZE } from "../../lib/group-size";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import {
  offerBannerText,
  offerTakenText,
  WAITLIST_INTENT,
  WAITLIST_TEXT,
  type WaitlistValues,
} from "../../lib/waitlist";
import type { Route } from "./+types/book";
import { waitlistFormAction } from "./waitlist-form.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, booking } = getApp(context);
  const url = new URL(request.url);
  const all = await listActiveAdventures(db);
  const categories = await categoriesByAdventure(db);
  const extras = await extrasByAdventure(db);
  const adventures: BookableAdventure[] = all
    .filter((a) => a.booking_enabled)
    .map((a) => ({
      id: a.id,
      slug: a.slug,
      title: a.title,
      short_description: a.short_description,
      price_num: a.price_num,
      price_display: a.price_display,
      currency: a.currency,
      duration: a.duration,
      groupSize: a.groupSize,
      group_size_min: a.group_size_min,
      group_size_max: a.group_size_max,
      image: a.hero_image,
      image_alt: a.hero_image_alt || a.title,
      policy: a.policy,
      booking_cutoff_hours: a.booking_cutoff_hours,
      price_categories: categories.get(a.id) ?? [],
      extras: extras.get(a.id) ?? [],
    }));
  // Back from cancelling at the checkout: the form as the customer had filled it in.
  const returned = await cancelledBookingForm(db, url.searchParams.get("session_id") ?? "", booking.now());
  const wanted = url.searchParams.get("adventure") ?? returned?.adventureId;
  const preselected = adventures.find((a) => a.id === wanted || a.slug === wanted)?.id ?? null;
  const initialDates = preselected ? ((await listDateOptions(db, preselected, booking.now())) ?? []) : [];
  const back = returned?.adventureId === preselected ? returned : null;
  return {
    adventures,
    preselected,
    initialDates,
    offer: await waitlistOffer(getApp(context), url.searchParams, preselected, initialDates),
    returned: back,
    gearLeft: await gearLeftForPage(
      db,
      preselected,
      url.searchParams.get("date") ?? back?.selectedDate ?? "",
    ),
    testMode: env.paymentsMode === "test",
    storedStatus: await storedPaymentStatus(getApp(context), url.searchParams.get("session_id")),
  };
}

/**
 * The gear left per size on the date the page opens with (a waitlist offer's
 * date, a cancelled checkout's) or a refused form post was sent for, so the size selects mark a size all hired out
 * before any script runs: the count GET /api/adventures/:id/gear-left answers.
 */
async function gearLeftForPage(db: ReturnType<typeof getApp>["db"], adventure: string | null, date: string) {
  if (!adventure || !isIsoDate(date)) return undefined;
  const left = await gearLeftOn(db, adventure, date);
  return left && Object.keys(left).length ? { adventure, date, left } : undefined;
}

/**
 * A waitlist offer link (?offer=token&date=…): a live offer for this
 * adventure and date gives the banner and fills in the form; a lapsed, used
 * or unknown one gives a neutral note and the normal form. The booking itself
 * is checked as any other (the offer holds no spots).
 */
async function waitlistOffer(
  app: ReturnType<typeof getApp>,
  params: URLSearchParams,
  adventureId: string | null,
  dates: { date: string; spots_left: number }[],
) {
  const token = params.get("offer");
  if (!token) return null;
  const at = app.booking.now();
  const offer = await offerByToken(app.db, token, at);
  if (!offer || offer.adventureId !== adventureId || offer.date !== params.get("date")) {
    return { live: false as const, message: WAITLIST_TEXT.offerGone };
  }
  // The offer holds nothing: someone may have booked the spots since the email went out.
  const left = dates.find((d) => d.date === offer.date)?.spots_left ?? 0;
  if (left < offer.groupSize) return { live: false as const, message: offerTakenText(offer.date) };
  return {
    live: true as const,
    message: offerBannerText(offer.date, offer.expiresAt),
    prefill: { selectedDate: offer.date, groupSize: String(offer.groupSize), customerEmail: offer.email },
  };
}

/**
 * For a browser without JavaScript, which cannot run the status check: what
 * the check would answer from the payment as stored now (the test checkout,
 * the cancel return and the provider's webhook settle it before the visitor
 * lands here), in the same words. The provider is not asked.
 */
async function storedPaymentStatus(app: ReturnType<typeof getApp>, sessionId: string | null) {
  if (!sessionId) return null;
  const payment = await findPayment(app.booking, sessionId);
  if (!payment) return { message: STATUS_TEXT.error, paid: false, settled: true };
  const step = interpret(
    { ok: true, data: { status: payment.status, payment_status: payment.paymentStatus } },
    1,
    sessionId,
  );
  return { message: step.message, paid: step.next.kind === "redirect", settled: step.next.kind !== "poll" };
}

/**
 * The booking form without JavaScript posts here. The payload is the one the
 * page's script sends to POST /api/bookings, validated by the same schema and
 * booked by the same createBooking (server-side price, spots held, the
 * open-checkout cap keyed by the same client address); the answer is a 303 to
 * the provider's checkout (or to the booking's own page when a voucher paid
 * all of it), or the page again with the server's messages and
 * what the visitor typed. POST /book shares the API's rate-limit budget.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  // Read once before the body is taken: the waitlist form on this page posts here too, marked by
  // its intent, and the counts and extras have fields of their own.
  const posted = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  if (posted.get("intent") === WAITLIST_INTENT) return waitlistFormAction(request, app);
  const typed: BookingFormValues = await postedText(request, [
    "adventureId",
    "customerFirstName",
    "customerLastName",
    "customerEmail",
    "customerPhone",
    "groupSize",
    "selectedDate",
    "startTime",
    "specialRequirements",
    "voucherCode",
    "promoCode",
  ]);
  // What was sent, counts and extras too, for the form shown again with the server's messages.
  let values = typed;
  try {
    // With several price categories the counts give the group: its size is the spots they take.
    const byCategory = await postedCategoryCounts(app.db, posted, typed.adventureId);
    const extras = await postedExtras(app.db, posted, typed.adventureId);
    values = { ...typed, categories: byCategory?.categories, extras };
    const input = validateBody(
      {
        adventure_id: values.adventureId,
        customer_first_name: values.customerFirstName,
        customer_last_name: values.customerLastName,
        customer_email: values.customerEmail,
        customer_phone: values.customerPhone,
        group_size: values.groupSize,
        selected_date: values.selectedDate,
        start_time: values.startTime,
        special_requirements: values.specialRequirements,
        voucher_code: values.voucherCode,
        promo_code: values.promoCode,
        ...byCategory,
        ...(extras ? { extras } : {}),
      },
      bookingSchema,
    );
    const created = await createBooking(app.booking, input, { clientKey: app.clientKey });
    return redirect(created.checkout_url, { status: 303, headers: NO_STORE_HEADERS });
  } catch (error) {
    const refused = error instanceof HttpError ? error : fromDatabaseError(error);
    if (!refused) {
      pageFailed(app, "booking form could not create the booking", error);
      return formAnswer(formFailure(500, TEXT.bookingFailed, { values }), NO_STORE_HEADERS);
    }
    const headers: Record<string, string> = { ...NO_STORE_HEADERS };
    if (refused instanceof TooManyCheckouts) headers["Retry-After"] = String(refused.retryAfterSeconds);
    // The banner says what the script's form says: the missing-fields sentence, else the server's detail.
    const banner = missingRequired(values) ? TEXT.missingFields : refused.message;
    const errors = fieldErrorsFrom(refused.errors, BOOKING_FORM_FIELDS);
    // The sizes shown again are marked with what is left on the date sent (a size hired out meanwhile).
    const gearLeft = await gearLeftForPage(app.db, values.adventureId || null, values.selectedDate);
    return formAnswer({ ...formFailure(refused.status, banner, { values, errors }), gearLeft }, headers);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Book Your Adventure | ${siteName(matches[0].loaderData.content)}`,
    description:
      "Book a guided dive or dive-and-camp adventure on the NSW coast in a few taps: pick your trip, date and group size, then pay securely online.",
    path: "/book",
    origin: matches[0].loaderData.origin,
  });
}

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { adventures, preselected, initialDates, testMode, storedStatus, offer, returned, gearLeft } =
    loaderData;
  const waitlist = formView<{ message: string }, WaitlistValues>(actionData, WAITLIST_INTENT);
  const booked = formView<null, BookingFormValues>(actionData);
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const navigate = useNavigate();
  const [status, setStatus] = useState<string>(sessionId ? "Checking payment status..." : "");

  useEffect(() => {
    if (!sessionId) {
      setStatus("");
      return;
    }
    return startPaymentPolling({
      sessionId,
      fetchStatus: fetchPaymentStatus,
      onUpdate: ({ message }) => setStatus(message),
      navigate: (to) => navigate(to),
    });
  }, [sessionId, navigate]);

  return (
    <div className="bg-gradient-to-b from-ocean-50 to-white">
      <div className="container-site py-10 sm:py-14">
        <header className="max-w-3xl">
          <p className="eyebrow">Small groups · Max {MAX_GROUP_SIZE} people</p>
          <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">Book Your Adventure</h1>
          <p className="mt-3 text-lg text-slate-600">
            Choose your trip, tell us who is coming and pick a date. Your spots are held while you pay
            securely online, and your confirmation arrives by email.
          </p>
        </header>
        <div className="mt-6 space-y-3">
          {testMode ? <TestModeNotice /> : null}
          {offer ? (
            <p
              role="status"
              data-testid="offer-banner"
              className={`rounded-2xl border px-4 py-3.5 text-sm font-medium sm:text-base ${
                offer.live
                  ? "border-emerald-200 bg-emerald-50 text-emerald-900"
                  : "border-slate-200 bg-slate-50 text-slate-700"
              }`}
            >
              {offer.message}
            </p>
          ) : null}
          {status ? (
            <div data-status-check>
              <PaymentBanner message={status} />
            </div>
          ) : null}
          {sessionId && storedStatus ? (
            // Without a script the status check never runs: its banner gives way to the stored status.
            <noscript>
              <style>{"[data-status-check]{display:none}"}</style>
              <PaymentBanner message={storedStatus.message} />
              {storedStatus.paid ? (
                <p className="mt-3 text-sm">
                  <a className="font-semibold text-reef-700 underline" href={successUrl(sessionId)}>
                    See your booking
                  </a>
                </p>
              ) : !storedStatus.settled ? (
                <p className="mt-3 text-sm">
                  <a
                    className="font-semibold text-reef-700 underline"
                    href={`/book?session_id=${encodeURIComponent(sessionId)}`}
                  >
                    Check again
                  </a>
                </p>
              ) : null}
            </noscript>
          ) : null}
        </div>
        <div className="mt-8">
          <BookingFlow
            key={preselected ?? "none"}
            adventures={adventures}
            preselected={preselected}
            initialDates={initialDates}
            submitted={booked}
            prefill={offer?.live ? offer.prefill : (returned ?? undefined)}
            waitlist={waitlist}
            gearLeft={(actionData as { gearLeft?: typeof gearLeft } | undefined)?.gearLeft ?? gearLeft}
          />
        </div>
      </div>
    </div>
  );
}

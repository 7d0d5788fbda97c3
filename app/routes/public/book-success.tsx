import {
  CalendarDays,
  CheckCircle2,
  ClipboardList,
  Clock,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  Users,
} from "lucide-react";
import { data, Link } from "react-router";
import { successPageLink } from "../../../server/domain/bookings/booking-links.server";
import { paidSummary } from "../../../server/domain/bookings/payment-views.server";
import { bookingParticipants } from "../../../server/domain/dive-ops/participants.server";
import { BookingLinkCard } from "../../components/booking/BookingLinkCard";
import { Img } from "../../components/Img";
import { TripFact, WhatToBring } from "../../components/TripFact";
import { getApp } from "../../lib/context";
import { formatDateAU } from "../../lib/dates";
import { peopleText } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import { cancellationSummary } from "../../lib/policy-words";
import { stillNeededText } from "../../lib/readiness";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/book-success";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, booking } = getApp(context);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id") ?? "";
  const paid =
    url.searchParams.get("confirmed") === "true" && sessionId ? await paidSummary(db, sessionId) : null;
  if (paid?.kind !== "booking") return data({ summary: paid, manageLink: null, stillNeeded: null });
  // The booking's private link: minted by the first view only, shortly after paying, and never after
  // the operator revoked the booking's links (the session id in this address is no credential).
  // Later views show the booking and point to the emailed link and the re-send form.
  const { bookingId, ...summary } = paid;
  const manageLink = await successPageLink(db, bookingId, booking.now());
  // What the group still has to give before the trip, by the readiness rule: the page leads with it.
  const found = await bookingParticipants(db, bookingId);
  return data({
    summary,
    manageLink,
    stillNeeded: stillNeededText(found.readiness, found.adventure, found.waiver !== null),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `Booking confirmed | ${siteName(matches[0].loaderData.content)}`,
    description: "Thank you for booking with us.",
    path: "/book/success",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function BookSuccess({ loaderData }: Route.ComponentProps) {
  const { summary, manageLink, stillNeeded } = loaderData;
  const site = siteInfo(useRootData().content);

  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-4xl py-12 sm:py-16">
        <div className="text-center">
          <CheckCircle2 className="mx-auto size-14 text-reef-600" aria-hidden="true" />
          <h1 className="mt-4 text-4xl font-semibold sm:text-5xl">
            {summary?.kind === "custom" ? "Payment received" : summary ? "You're booked in!" : "Thank you!"}
          </h1>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-600">
            {summary?.kind === "booking"
              ? `Thanks, ${summary.firstName}. Your booking is confirmed and a confirmation email with a calendar file is on its way to ${summary.email}.`
              : summary?.kind === "custom"
                ? `Thank you, your payment of ${formatMoney(summary.amountTotalCents, summary.currency, true)} has been received.${summary.email ? ` A receipt is on its way to ${summary.email}.` : ""}`
                : "Your payment is being processed. You will receive a confirmation email as soon as it is complete. If you have any questions, get in touch."}
          </p>
        </div>

        {summary?.kind === "booking" && stillNeeded ? (
          <StillNeeded what={stillNeeded} manageLink={manageLink} />
        ) : null}

        {summary?.kind === "booking" ? (
          <div className="mt-10 grid gap-6 md:grid-cols-5">
            <section className="card md:col-span-3" aria-labelledby="booking-details">
              <div className="aspect-[16/7] bg-ocean-100">
                <Img
                  src={summary.image}
                  alt={summary.imageAlt}
                  sizes="(min-width: 768px) 36rem, 100vw"
                  className="size-full object-cover"
                />
              </div>
              <div className="space-y-5 p-6">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <h2 id="booking-details" className="text-2xl font-semibold">
                    {summary.adventureTitle}
                  </h2>
                  <p className="rounded-full bg-reef-50 px-3 py-1 text-sm font-semibold text-reef-700">
                    Ref <span data-testid="booking-reference">{summary.reference}</span>
                  </p>
                </div>
                <dl className="grid gap-4 text-sm sm:grid-cols-2">
                  <TripFact icon={<CalendarDays className="size-5" />} label="When">
                    {formatDateAU(summary.date, "full")}
                    {summary.startTime ? `, ${summary.startTime}` : ""}
                  </TripFact>
                  <TripFact icon={<Clock className="size-5" />} label="Duration">
                    {summary.duration}
                  </TripFact>
                  <TripFact icon={<Users className="size-5" />} label="Group">
                    {peopleText(summary.groupSize)}
                  </TripFact>
                  <TripFact icon={<CheckCircle2 className="size-5" />} label="Total paid">
                    {formatMoney(summary.amountTotalCents, summary.currency, true)}
                  </TripFact>
                  {summary.meetingPoint ? (
                    <TripFact icon={<MapPin className="size-5" />} label="Meeting point" wide>
                      {summary.meetingPoint}
                    </TripFact>
                  ) : null}
                </dl>
                <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">
                  {cancellationSummary(summary.terms.date, new Date(), summary.terms.policy)}. Weather
                  cancellations are always refunded or rescheduled for free.
                </p>
              </div>
            </section>
            <div className="space-y-6 md:col-span-2">
              <BookingLinkCard manageLink={manageLink} email={summary.email} />
              {summary.whatToBring.length ? <WhatToBring items={summary.whatToBring} /> : null}
              <Contact site={site} />
            </div>
          </div>
        ) : (
          <div className="mx-auto mt-10 max-w-xl space-y-6">
            {summary?.kind === "custom" ? (
              <section className="card p-6" aria-labelledby="paid">
                <h2 id="paid" className="text-xl font-semibold">
                  Payment details
                </h2>
                <dl className="mt-4 space-y-2 text-sm">
                  <div className="flex justify-between">
                    <dt className="text-slate-600">Amount</dt>
                    <dd>{formatMoney(summary.unitAmountCents, summary.currency, true)}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt className="text-slate-600">Quantity</dt>
                    <dd>{summary.quantity}</dd>
                  </div>
                  <div className="flex justify-between border-t border-slate-200 pt-2 font-semibold">
                    <dt>Total paid</dt>
                    <dd data-testid="amount-paid">
                      {formatMoney(summary.amountTotalCents, summary.currency, true)}
                    </dd>
                  </div>
                </dl>
              </section>
            ) : null}
            <Contact site={site} />
          </div>
        )}

        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to="/adventures" className="btn-secondary">
            Explore more adventures
          </Link>
          <Link to="/" className="btn-primary">
            Back to home
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Leads the page: what the group still has to give before the trip, and the way to give it. */
function StillNeeded({ what, manageLink }: { what: string; manageLink: string | null }) {
  return (
    <section
      className="mx-auto mt-8 max-w-2xl rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:p-6"
      aria-labelledby="before-trip"
      data-testid="still-needed"
    >
      <h2 id="before-trip" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <ClipboardList className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
        Before your trip
      </h2>
      <p className="mt-2 text-slate-700">
        We still need {what}. It takes a few minutes per person, and each person can fill in their own.
      </p>
      {manageLink ? (
        <a href={`${manageLink}#participants`} className="btn-primary mt-4 w-full sm:w-auto">
          Add your group's details
        </a>
      ) : (
        <p className="mt-2 text-slate-700">Add them from the private link in your confirmation email.</p>
      )}
    </section>
  );
}

function Contact({ site }: { site: ReturnType<typeof siteInfo> }) {
  return (
    <section className="card p-6" aria-labelledby="contact">
      <h2 id="contact" className="text-xl font-semibold">
        Questions before the day?
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {site.guideName} replies within 24 hours by email and usually within 2 to 4 hours on WhatsApp.
      </p>
      <ul className="mt-4 space-y-3 text-sm">
        {site.phone ? (
          <li className="flex items-center gap-2">
            <Phone className="size-4 text-reef-600" aria-hidden="true" />
            <a
              className="font-medium text-reef-700 hover:underline"
              href={`tel:${site.phone.replace(/\s/g, "")}`}
            >
              {site.phone}
            </a>
          </li>
        ) : null}
        {site.whatsappUrl ? (
          <li className="flex items-center gap-2">
            <MessageCircle className="size-4 text-reef-600" aria-hidden="true" />
            <a
              className="font-medium text-reef-700 hover:underline"
              href={site.whatsappUrl}
              rel="noopener"
              target="_blank"
            >
              Message us on WhatsApp
            </a>
          </li>
        ) : null}
        {site.email ? (
          <li className="flex items-center gap-2">
            <Mail className="size-4 text-reef-600" aria-hidden="true" />
            <a className="font-medium text-reef-700 hover:underline" href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </li>
        ) : null}
        <li className="flex items-center gap-2 text-slate-600">
          <Clock className="size-4 text-reef-600" aria-hidden="true" />
          {site.hours}
        </li>
      </ul>
    </section>
  );
}

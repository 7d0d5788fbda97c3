import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { listActiveAdventures } from "../../../server/domain/adventures.server";
import { listDateOptions } from "../../../server/domain/availability.server";
import { PaymentBanner, TestModeNotice } from "../../components/booking/Banners";
import { type BookableAdventure, BookingFlow } from "../../components/booking/BookingFlow";
import { fetchPaymentStatus, startPaymentPolling } from "../../components/booking/payment-status";
import { getApp } from "../../lib/context";
import { MAX_GROUP_SIZE } from "../../lib/group-size";
import { seo } from "../../lib/seo";
import type { Route } from "./+types/book";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const url = new URL(request.url);
  const all = await listActiveAdventures(db);
  const adventures: BookableAdventure[] = all
    .filter((a) => a.booking_enabled)
    .map((a) => ({
      id: a.id,
      slug: a.slug,
      title: a.title,
      short_description: a.short_description,
      price_num: a.price_num,
      price_display: a.price_display,
      duration: a.duration,
      groupSize: a.groupSize,
      group_size_min: a.group_size_min,
      group_size_max: a.group_size_max,
      image: a.hero_image,
      image_alt: a.hero_image_alt || a.title,
    }));
  const wanted = url.searchParams.get("adventure");
  const preselected = adventures.find((a) => a.id === wanted || a.slug === wanted)?.id ?? null;
  const initialDates = preselected ? ((await listDateOptions(db, preselected)) ?? []) : [];
  return { adventures, preselected, initialDates, testMode: env.paymentsMode === "test" };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: "Book Your Adventure | Tidewater Dive & Camp",
    description:
      "Book a guided dive or dive-and-camp adventure on the NSW coast in a few taps: pick your trip, date and group size, then pay securely online.",
    path: "/book",
    origin: matches[0].loaderData.origin,
  });
}

export default function BookPage({ loaderData }: Route.ComponentProps) {
  const { adventures, preselected, initialDates, testMode } = loaderData;
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
          {status ? <PaymentBanner message={status} /> : null}
        </div>
        <div className="mt-8">
          <BookingFlow
            key={preselected ?? "none"}
            adventures={adventures}
            preselected={preselected}
            initialDates={initialDates}
          />
        </div>
      </div>
    </div>
  );
}

import { CloudRain } from "lucide-react";
import { Link } from "react-router";
import { formatDateAU, sydneyDate } from "../lib/dates";
import { formatMoney } from "../lib/money";

/** The part of a weather offer the manage page shows (see weatherView on the server). */
export interface WeatherNoticeData {
  date: string;
  open: boolean;
  respondBy: string;
  currency: string;
  outcome: {
    choice: "move" | "credit" | "refund";
    movedToDate: string | null;
    voucher: { codeHint: string; balanceCents: number; currency: string } | null;
    refundCents: number;
  } | null;
}

/** The outcome of a weather choice in one sentence, shared by the manage page and the weather page. */
export function weatherOutcomeText(w: WeatherNoticeData): string {
  const o = w.outcome;
  if (!o) return "";
  if (o.choice === "move") {
    return `Your booking has moved to ${o.movedToDate ? formatDateAU(o.movedToDate, "full") : "a new date"}, free of charge.`;
  }
  if (o.choice === "credit") {
    return o.voucher
      ? `Your credit voucher ${o.voucher.codeHint} holds ${formatMoney(o.voucher.balanceCents, o.voucher.currency, true)}. Enter the code from our email when you book.`
      : "Your booking was paid by voucher: its amount is back on that voucher.";
  }
  return o.refundCents > 0
    ? `A full refund of ${formatMoney(o.refundCents, w.currency, true)} is on its way to your card; it usually shows within 5-10 business days.`
    : "Your booking is cancelled; nothing was paid by card, so there is nothing to refund to a card.";
}

/**
 * The manage page's notice of a departure called off for weather: a link to
 * the choices while the offer is open, the outcome once chosen.
 */
export function WeatherNotice({ weather, token }: { weather: WeatherNoticeData | null; token: string }) {
  if (!weather || (!weather.open && !weather.outcome)) return null;
  return (
    <div
      role="status"
      data-testid="weather-notice"
      className="mt-6 flex gap-3 rounded-2xl border border-ocean-100 bg-ocean-50 p-4 text-slate-700"
    >
      <CloudRain aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ocean-700" />
      {weather.open ? (
        <p>
          We have called off {formatDateAU(weather.date, "full")} for the weather.{" "}
          <Link to={`/my-booking/${token}/weather`} className="font-semibold text-reef-700 underline">
            Choose a free new date, credit or a full refund
          </Link>{" "}
          by {formatDateAU(sydneyDate(new Date(weather.respondBy)))}.
        </p>
      ) : (
        <p>
          {formatDateAU(weather.date, "full")} was called off for the weather. {weatherOutcomeText(weather)}{" "}
          <Link to={`/my-booking/${token}/weather`} className="font-medium text-reef-700 underline">
            Details
          </Link>
        </p>
      )}
    </div>
  );
}

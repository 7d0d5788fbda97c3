import { CloudRain } from "lucide-react";
import type { WeatherPreview } from "../../../../server/domain/weather/call-off.server";
import { formatDateAU } from "../../../lib/dates";
import { peopleText } from "../../../lib/group-size";
import { formatMoney } from "../../../lib/money";
import { Button } from "../ui/button";

/** Who a call-off affects, shown before anything is sent; confirming calls the departure off. */
export function PreviewPanel({
  preview,
  busy,
  onConfirm,
  onBack,
}: {
  preview: WeatherPreview;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <div className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="weather-preview">
      <h3 className="font-semibold text-slate-900">
        {formatDateAU(preview.date, "full")}:{" "}
        {preview.adventures.length ? preview.adventures.join(", ") : "no published date"}
      </h3>
      <p className="mt-1 text-sm text-slate-700" data-testid="preview-summary">
        {preview.confirmed} confirmed {preview.confirmed === 1 ? "booking" : "bookings"} (
        {peopleText(preview.people)}) get the email with their choices
        {preview.unpaid
          ? `; ${preview.unpaid} unfinished ${preview.unpaid === 1 ? "checkout ends" : "checkouts end"}`
          : ""}
        . The date closes for booking.
      </p>
      {preview.bookings.length ? (
        <ul className="mt-3 divide-y divide-amber-200/70 text-sm">
          {preview.bookings.map((b) => (
            <li key={b.reference} className="flex flex-wrap justify-between gap-x-3 py-1.5">
              <span>
                <span className="font-medium text-slate-900">{b.name}</span> · {b.reference}
              </span>
              <span className="text-slate-600">
                {b.adventure} · {peopleText(b.group_size)} · {formatMoney(b.total_cents, b.currency, true)}
                {b.status === "pending_payment" ? " · unpaid" : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="primary" busy={busy} onClick={onConfirm} className="w-full sm:w-auto">
          <CloudRain aria-hidden="true" className="h-4 w-4" /> Call off and email {preview.confirmed}
        </Button>
        <Button variant="ghost" onClick={onBack} className="w-full sm:w-auto">
          Change
        </Button>
      </div>
    </div>
  );
}

import { ArrowRight } from "lucide-react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { departureText } from "../../../lib/departure";
import { peopleText } from "../../../lib/group-size";
import { formatDollars } from "../../../lib/money";
import type { Write } from "../ParticipantEditor";
import type { AdminBooking } from "../types";
import { Badge, type BadgeTone, Card } from "../ui";
import { ChangeForm } from "./ChangeForm";
import type { BookingPageView, Notify } from "./types";

const STATUS: Record<string, [string, BadgeTone]> = {
  holding: ["Waiting for payment", "amber"],
  done: ["Done", "green"],
  released: ["Not completed", "slate"],
};

/** How a change's money went, in a few words. */
function moneyWords(c: BookingPageView["changes"][number], currency: string): string {
  const amount = formatDollars(Math.abs(c.price_difference), currency);
  if (c.price_difference === 0) return "";
  switch (c.settlement) {
    case "waive":
      return ` · ${amount} waived`;
    case "owed":
      return ` · ${amount} ${c.price_difference > 0 ? "added to" : "taken off"} what is owed`;
    case "link":
      return ` · ${amount} ${c.status === "done" ? "paid by link" : "by link"}`;
    default:
      return ` · ${c.price_difference > 0 ? "paid" : "refunded"} ${amount}`;
  }
}

/**
 * The booking's changes of date or group, newest first (the customer's own and
 * the operator's), and, on a confirmed booking, the form that makes one.
 */
export function ChangesCard({
  changes,
  booking,
  write,
  notify,
}: {
  changes: BookingPageView["changes"];
  booking: AdminBooking;
  write: Write;
  notify: Notify;
}) {
  const currency = booking.currency;
  return (
    <Card title="Changes" description="Move the booking to another date, or change its group">
      {booking.booking_status === "confirmed" ? (
        <div className="mb-5">
          <ChangeForm
            key={`${booking.selected_date}:${booking.group_size}`}
            booking={booking}
            write={write}
            notify={notify}
          />
        </div>
      ) : null}
      {changes.length ? (
        <ul className="space-y-3 text-sm" data-testid="booking-changes">
          {changes.map((c) => {
            const [label, tone] = STATUS[c.status] ?? [c.status, "slate"];
            return (
              <li key={c.id} className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="flex flex-wrap items-center gap-1.5 font-medium text-ocean-900">
                    {departureText(c.from_date, c.from_start_time)}
                    <ArrowRight aria-label="to" className="h-3.5 w-3.5 text-slate-400" />
                    {departureText(c.to_date, c.to_start_time)}
                    {c.source === "operator" ? `, ${peopleText(c.group_size)}` : ""}
                  </p>
                  <p className="text-xs text-slate-500">
                    {formatDateTimeAU(c.created_at)}
                    {c.source === "operator" ? " · by the operator" : " · by the customer"}
                    {moneyWords(c, currency)}
                  </p>
                </div>
                <Badge tone={tone}>{label}</Badge>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No changes yet.</p>
      )}
    </Card>
  );
}

import { ArrowRight } from "lucide-react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { formatDateAU } from "../../../lib/dates";
import { formatDollars } from "../../../lib/money";
import { Badge, type BadgeTone, Card } from "../ui";
import type { BookingPageView } from "./types";

const STATUS: Record<string, [string, BadgeTone]> = {
  holding: ["Waiting for payment", "amber"],
  done: ["Moved", "green"],
  released: ["Not completed", "slate"],
};

/** The booking's date changes (the customer's reschedules), newest first. */
export function ChangesCard({
  changes,
  currency,
}: {
  changes: BookingPageView["changes"];
  currency: string;
}) {
  return (
    <Card title="Changes">
      {changes.length ? (
        <ul className="space-y-3 text-sm" data-testid="booking-changes">
          {changes.map((c) => {
            const [label, tone] = STATUS[c.status] ?? [c.status, "slate"];
            return (
              <li key={c.id} className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="flex flex-wrap items-center gap-1.5 font-medium text-ocean-900">
                    {formatDateAU(c.from_date)}
                    <ArrowRight aria-label="to" className="h-3.5 w-3.5 text-slate-400" />
                    {formatDateAU(c.to_date)}
                  </p>
                  <p className="text-xs text-slate-500">
                    {formatDateTimeAU(c.created_at)}
                    {c.price_difference !== 0
                      ? ` · ${c.price_difference > 0 ? "paid" : "refunded"} ${formatDollars(Math.abs(c.price_difference), currency)}`
                      : ""}
                  </p>
                </div>
                <Badge tone={tone}>{label}</Badge>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No date changes.</p>
      )}
    </Card>
  );
}

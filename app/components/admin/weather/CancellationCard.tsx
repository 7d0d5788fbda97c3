import { Phone } from "lucide-react";
import { useId, useState } from "react";
import type { WeatherCancellationItem } from "../../../../server/domain/weather/views.server";
import { formatDateAU, sydneyDate } from "../../../lib/dates";
import { startTimeText } from "../../../lib/departure";
import { peopleText } from "../../../lib/group-size";
import { formatMoney } from "../../../lib/money";
import { choiceLabel } from "../../../lib/weather";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/layout";

/** One booking's offer on a called-off date. */
export type Offer = WeatherCancellationItem["offers"][number];

function choiceTone(o: Offer): BadgeTone {
  if (o.choice === "move") return "blue";
  if (o.choice === "credit") return "teal";
  if (o.choice === "refund") return "slate";
  return o.open ? "amber" : "slate";
}

/** A called-off date and each booking's answer, with a way to record one given by phone. */
export function CancellationCard({
  c,
  onRecord,
}: {
  c: WeatherCancellationItem;
  onRecord: (offer: Offer, choice: "move" | "credit" | "refund", date?: string) => void;
}) {
  const answered = c.offers.filter((o) => o.choice !== null).length;
  return (
    <Card
      title={`${formatDateAU(c.date, "full")} · ${c.adventure_title}`}
      description={`${answered} of ${c.offers.length} answered · without an answer by ${formatDateAU(sydneyDate(new Date(c.respond_by)))}: ${c.default_choice === "credit" ? "credit" : "full refund"}`}
      bodyClassName=""
    >
      <div data-testid="weather-cancellation" data-date={c.date}>
        {c.offers.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-500 sm:px-5">No confirmed bookings were on this date.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {c.offers.map((o) => (
              <OfferRow key={o.id} o={o} onRecord={onRecord} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function OfferRow({
  o,
  onRecord,
}: {
  o: Offer;
  onRecord: (offer: Offer, choice: "move" | "credit" | "refund", date?: string) => void;
}) {
  const [moveTo, setMoveTo] = useState("");
  const selectId = useId();
  const label = choiceLabel({
    choice: o.choice,
    movedToDate: o.moved_to_date ? formatDateAU(o.moved_to_date) : null,
    voucherCode: o.voucher_code_hint,
    closed: !o.open,
  });
  return (
    <li className="px-4 py-3 sm:px-5" data-testid="weather-offer" data-reference={o.reference}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-ocean-900">
            {o.name} <span className="font-normal text-slate-500">· {o.reference}</span>
          </p>
          <p className="text-sm text-slate-600">
            {o.adventure}
            {o.start_time ? ` · ${startTimeText(o.start_time)}` : ""} · {peopleText(o.group_size)} ·{" "}
            {formatMoney(o.total_cents, o.currency, true)}
          </p>
          <p className="text-sm text-slate-500">
            <a
              href={`tel:${o.phone.replace(/\s+/g, "")}`}
              className="inline-flex items-center gap-1 underline"
            >
              <Phone aria-hidden="true" className="h-3.5 w-3.5" />
              {o.phone}
            </a>
          </p>
        </div>
        <span data-testid="weather-choice" className="flex flex-col items-start gap-1 sm:items-end">
          <Badge tone={choiceTone(o)}>{label}</Badge>
          {o.choice === "refund" && o.refund_cents > 0 ? (
            <span className="text-xs text-slate-500">{formatMoney(o.refund_cents, o.currency, true)}</span>
          ) : null}
          {o.decided_by && o.decided_by !== "customer" ? (
            <span className="text-xs text-slate-500">
              {o.decided_by === "default" ? "default applied" : "recorded by you"}
            </span>
          ) : null}
        </span>
      </div>
      {o.open ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-reef-700">Record a phoned answer</summary>
          <div className="mt-2 space-y-3 rounded-xl bg-slate-50 p-3">
            {o.move_dates.length ? (
              <div className="flex flex-wrap items-end gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor={selectId} className="field-label">
                    Move to
                  </label>
                  <select
                    id={selectId}
                    className="field"
                    value={moveTo}
                    onChange={(e) => setMoveTo(e.target.value)}
                  >
                    <option value="">Choose a date…</option>
                    {o.move_dates.map((d) => (
                      <option key={d.key} value={d.key}>
                        {d.display} ({d.spotsLeft} left)
                      </option>
                    ))}
                  </select>
                </div>
                <Button size="sm" disabled={!moveTo} onClick={() => onRecord(o, "move", moveTo)}>
                  Move
                </Button>
              </div>
            ) : (
              <p className="text-slate-600">No other open date has room for this group.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => onRecord(o, "credit")}>
                Credit
              </Button>
              <Button size="sm" onClick={() => onRecord(o, "refund")}>
                Full refund
              </Button>
            </div>
          </div>
        </details>
      ) : null}
    </li>
  );
}

import { Banknote } from "lucide-react";
import { useState } from "react";
import { MANUAL_METHOD_LABELS, MANUAL_METHODS, type ManualMethod } from "../../../lib/admin-forms";
import { formatDollars } from "../../../lib/money";
import type { Write } from "../ParticipantEditor";
import { Button, Card } from "../ui";
import { failureDetail, type Notify } from "./types";

/**
 * What a confirmed booking still owes (paid on the day), and recording the
 * money once it is taken: the server records exactly what is owed; the key
 * made when the card is shown makes a second tap record nothing more.
 */
export function DueCard({
  bookingId,
  owed,
  currency,
  write,
  notify,
}: {
  bookingId: string;
  owed: number;
  currency: string;
  write: Write;
  notify: Notify;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState<ManualMethod | "">("");
  const record = async (method: ManualMethod) => {
    setBusy(method);
    const res = await write<{ amount_cents: number }>(
      "POST",
      `/api/admin/bookings/${encodeURIComponent(bookingId)}/payments`,
      { method, request_key: key },
    );
    setBusy("");
    if (res.ok)
      notify(
        "success",
        `${formatDollars(res.data.amount_cents / 100, currency)} recorded as paid by ${MANUAL_METHOD_LABELS[method]}.`,
      );
    else notify("error", "The payment was not recorded", failureDetail(res));
  };
  return (
    <Card title="To pay on the day" className="border-amber-300 bg-amber-50/60">
      <p className="text-2xl font-semibold text-ocean-900" data-testid="amount-owed">
        {formatDollars(owed, currency)}
      </p>
      <p className="mt-1 text-sm text-slate-600">Record it once you have the money.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {MANUAL_METHODS.map((m) => (
          <Button
            key={m}
            size="sm"
            variant="dark"
            busy={busy === m}
            disabled={Boolean(busy)}
            onClick={() => record(m)}
          >
            <Banknote aria-hidden="true" className="h-4 w-4" />
            Paid by {MANUAL_METHOD_LABELS[m]}
          </Button>
        ))}
      </div>
    </Card>
  );
}

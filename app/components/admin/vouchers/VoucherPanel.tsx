import { ArrowLeft, Ban, KeyRound } from "lucide-react";
import { useState } from "react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { useAdminWrite } from "../../../lib/admin-data";
import { formatDateAU, sydneyDate } from "../../../lib/dates";
import { useConfirm } from "../ConfirmDialog";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/layout";
import {
  KIND_LABELS,
  money,
  SOURCE_LABELS,
  signed,
  statusOf,
  type VoucherDetail,
  type VoucherItem,
} from "./voucher-view";

/** One voucher: its facts, its ledger, and sending a new code or voiding it. */
export function VoucherPanel({
  detail,
  today,
  onBack,
  onChanged,
  onError,
}: {
  detail: VoucherDetail;
  today: string;
  onBack: () => void;
  onChanged: (text: string) => void;
  onError: (text: string) => void;
}) {
  const { voucher: v, entries } = detail;
  const write = useAdminWrite();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const status = statusOf(v, today);

  const voidIt = async () => {
    const ok = await confirm({
      title: `Void voucher ${v.code_hint}?`,
      message: `Its balance of ${money(v.balance_cents, v.currency)} goes to $0 and the code stops working. This cannot be undone.`,
      confirmLabel: "Void voucher",
    });
    if (!ok) return;
    setBusy(true);
    const res = await write("POST", `/api/admin/vouchers/${encodeURIComponent(v.id)}/void`, {});
    setBusy(false);
    if (res.ok) onChanged(`Voucher ${v.code_hint} voided.`);
    else onError(res.network ? "Connection error" : res.detail || "Failed to void the voucher");
  };

  // A lost code is replaced, never shown: the site keeps only its hash.
  const newCode = async () => {
    const ok = await confirm({
      title: `Send a new code for ${v.code_hint}?`,
      message: `A new code is emailed to ${v.recipient_email} and the current code stops working. The balance stays.`,
      confirmLabel: "Send new code",
    });
    if (!ok) return;
    setBusy(true);
    const res = await write<{ voucher: VoucherItem }>(
      "POST",
      `/api/admin/vouchers/${encodeURIComponent(v.id)}/new-code`,
      {},
    );
    setBusy(false);
    if (res.ok) onChanged(`A new code ${res.data.voucher.code_hint} was emailed to ${v.recipient_email}.`);
    else onError(res.network ? "Connection error" : res.detail || "Failed to send a new code");
  };

  return (
    <Card as="article" className="lg:sticky lg:top-24">
      {dialog}
      <button
        type="button"
        onClick={onBack}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-reef-700 lg:hidden"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        All vouchers
      </button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-mono text-lg font-semibold text-ocean-900" data-testid="voucher-code">
            {v.code_hint || "Awaiting payment"}
          </h2>
          <p className="text-sm text-slate-500">
            {SOURCE_LABELS[v.source]} · created {formatDateTimeAU(v.created_at)}
          </p>
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <Fact label="Balance">
          <span data-testid="voucher-balance">{money(v.balance_cents, v.currency)}</span>
        </Fact>
        <Fact label="Initial">{money(v.initial_cents, v.currency)}</Fact>
        <Fact label="Expires">{formatDateAU(sydneyDate(new Date(v.expires_at)))}</Fact>
        <Fact label="Recipient">
          {v.recipient_name ? `${v.recipient_name}, ` : ""}
          {v.recipient_email || "—"}
        </Fact>
        {v.purchaser_email ? (
          <Fact label="Bought by">
            {v.purchaser_name ? `${v.purchaser_name}, ` : ""}
            {v.purchaser_email}
          </Fact>
        ) : null}
      </dl>
      {v.message ? (
        <p className="mt-3 rounded-xl bg-slate-50 px-4 py-3 text-sm whitespace-pre-line text-slate-700">
          {v.message}
        </p>
      ) : null}

      <h3 className="mt-6 font-sans text-sm font-semibold tracking-wide text-slate-500 uppercase">Ledger</h3>
      <ol className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Ledger">
        {entries.map((e) => (
          <li
            key={e.id}
            className="flex items-start justify-between gap-3 px-3 py-2.5 text-sm"
            data-testid="ledger-entry"
          >
            <span className="min-w-0">
              <span className="font-medium text-ocean-900">{KIND_LABELS[e.kind]}</span>
              {e.booking_reference ? (
                <span className="text-slate-600"> · booking {e.booking_reference}</span>
              ) : null}
              <span className="block text-xs text-slate-500">
                {formatDateTimeAU(e.created_at)}
                {e.note ? ` · ${e.note}` : ""}
              </span>
            </span>
            <span className="shrink-0 text-right">
              <span
                className={`block font-semibold ${e.amount_cents < 0 ? "text-coral-700" : "text-emerald-700"}`}
              >
                {signed(e.amount_cents, v.currency)}
              </span>
              <span className="block text-xs text-slate-500">
                {money(e.balance_after_cents, v.currency)} left
              </span>
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-xs text-slate-500">
        The full code is only in the email to the recipient; here it shows its last four characters.
      </p>
      {v.status === "active" ? (
        <div className="mt-5 flex flex-wrap gap-2">
          {v.recipient_email ? (
            <Button onClick={newCode} busy={busy} disabled={busy}>
              <KeyRound aria-hidden="true" className="h-4 w-4" />
              Send a new code
            </Button>
          ) : null}
          <Button variant="danger" onClick={voidIt} busy={busy} disabled={busy}>
            <Ban aria-hidden="true" className="h-4 w-4" />
            Void voucher
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

import { ArrowLeft, Ban, KeyRound, Plus, Search, Ticket } from "lucide-react";
import { useState } from "react";
import { Form, useSearchParams } from "react-router";
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  TextAreaField,
  TextField,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { formatDateTimeAU } from "../../lib/admin-api";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { formatDateAU, sydneyDate } from "../../lib/dates";
import { formatMoney } from "../../lib/money";
import type { Route } from "./+types/vouchers";

interface VoucherItem {
  id: string;
  /** "…K7Q2": the full code is only in its holder's email (empty while a gift awaits payment). */
  code_hint: string;
  source: "weather_credit" | "gift" | "operator";
  status: "pending_payment" | "active" | "void";
  currency: string;
  initial_cents: number;
  balance_cents: number;
  expires_at: string;
  purchaser_name: string;
  purchaser_email: string;
  recipient_name: string;
  recipient_email: string;
  created_at: string;
}

interface LedgerEntry {
  id: string;
  kind: "issue" | "redeem" | "restore" | "adjust";
  amount_cents: number;
  balance_after_cents: number;
  booking_reference: string | null;
  note: string;
  created_at: string;
}

interface VoucherDetail {
  voucher: VoucherItem & { message: string };
  entries: LedgerEntry[];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const id = url.searchParams.get("voucher");
  const [list, detail] = await Promise.all([
    adminGet<{ vouchers: VoucherItem[] }>(`/api/admin/vouchers?q=${encodeURIComponent(q)}`),
    id ? adminGet<VoucherDetail>(`/api/admin/vouchers/${encodeURIComponent(id)}`) : null,
  ]);
  return { list, detail, q };
}
export const clientAction = adminAction;

const SOURCE_LABELS: Record<VoucherItem["source"], string> = {
  weather_credit: "Weather credit",
  gift: "Gift",
  operator: "Issued",
};

const KIND_LABELS: Record<LedgerEntry["kind"], string> = {
  issue: "Issued",
  redeem: "Used",
  restore: "Given back",
  adjust: "Adjusted",
};

function statusOf(v: VoucherItem, today: string): { label: string; tone: BadgeTone } {
  if (v.status === "void") return { label: "Void", tone: "slate" };
  if (v.status === "pending_payment") return { label: "Awaiting payment", tone: "amber" };
  if (sydneyDate(new Date(v.expires_at)) < today) return { label: "Expired", tone: "red" };
  if (v.balance_cents === 0) return { label: "Used up", tone: "blue" };
  return { label: "Active", tone: "green" };
}

const money = (cents: number, currency: string) => formatMoney(cents, currency, true);
const signed = (cents: number, currency: string) =>
  `${cents > 0 ? "+" : cents < 0 ? "−" : ""}${money(Math.abs(cents), currency)}`;

/** Vouchers: search, one voucher's ledger, issuing credit and voiding a voucher. */
export default function AdminVouchers({ loaderData }: Route.ComponentProps) {
  const { list, detail, q } = loaderData;
  const vouchers = dataOr(list, { vouchers: [] }).vouchers;
  const loadError = failureText(list, "Failed to load vouchers");
  const [params, setParams] = useSearchParams();
  const selectedId = params.get("voucher");
  const open = detail?.ok ? detail.data : null;
  const [issuing, setIssuing] = useState(false);
  const { flash, show, clear } = useFlash();
  const today = sydneyDate();

  const select = (id: string | null) => {
    clear();
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set("voucher", id);
        else next.delete("voucher");
        return next;
      },
      { preventScrollReset: true },
    );
  };

  return (
    <>
      <PageHeader
        title="Vouchers"
        description="Gift vouchers, weather credit and credit you issue. Every change of a balance is in the voucher's ledger."
        actions={
          <Button variant="primary" onClick={() => setIssuing((v) => !v)} aria-expanded={issuing}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Issue voucher
          </Button>
        }
      />
      <FlashAlert flash={flash} onDismiss={clear} className="mb-4" />
      {issuing ? (
        <IssueForm
          onDone={(hint, email, id) => {
            setIssuing(false);
            show("success", `Voucher ${hint} issued and emailed to ${email}.`);
            select(id);
          }}
          onCancel={() => setIssuing(false)}
        />
      ) : null}
      {loadError ? (
        <Alert tone="error" className="mb-4">
          {loadError}
        </Alert>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:gap-6">
        <Card bodyClassName="" className={selectedId ? "hidden lg:block" : undefined}>
          <Form method="get" className="flex gap-2 border-b border-slate-100 p-3" role="search">
            <label className="sr-only" htmlFor="voucher-search">
              Search by code, its last four characters, or email
            </label>
            <input
              id="voucher-search"
              name="q"
              type="search"
              defaultValue={q}
              placeholder="Code, last 4 or email"
              className="field"
            />
            <Button type="submit" aria-label="Search">
              <Search aria-hidden="true" className="h-4 w-4" />
            </Button>
          </Form>
          {vouchers.length === 0 ? (
            <EmptyState
              icon={<Ticket className="h-6 w-6" />}
              title={q ? "No voucher matches" : "No vouchers yet"}
            >
              {q
                ? "Try the whole code, its last four characters, or part of an email address."
                : "Gift vouchers bought on the site and credit you issue appear here."}
            </EmptyState>
          ) : (
            <ul aria-label="Vouchers" className="divide-y divide-slate-100">
              {vouchers.map((v) => {
                const status = statusOf(v, today);
                return (
                  <li key={v.id}>
                    <button
                      type="button"
                      onClick={() => select(v.id)}
                      aria-current={v.id === selectedId ? "true" : undefined}
                      data-testid="voucher-item"
                      className={`block w-full px-4 py-3.5 text-left transition-colors hover:bg-slate-50 ${
                        v.id === selectedId ? "bg-ocean-50/70" : ""
                      }`}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="font-mono text-sm font-semibold text-ocean-900">
                          {v.code_hint || "Awaiting payment"}
                        </span>
                        <Badge tone={status.tone}>{status.label}</Badge>
                      </span>
                      <span className="mt-1 flex items-baseline justify-between gap-2 text-sm">
                        <span className="truncate text-slate-600">
                          {SOURCE_LABELS[v.source]} ·{" "}
                          {v.recipient_name || v.recipient_email || "No recipient"}
                        </span>
                        <span className="shrink-0 font-semibold text-ocean-900">
                          {money(v.balance_cents, v.currency)}
                          <span className="font-normal text-slate-500">
                            {" "}
                            of {money(v.initial_cents, v.currency)}
                          </span>
                        </span>
                      </span>
                      <span className="mt-0.5 block text-xs text-slate-500">
                        Expires {formatDateAU(sydneyDate(new Date(v.expires_at)))}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>

        <div className={selectedId ? undefined : "hidden lg:block"}>
          {open ? (
            <VoucherPanel
              detail={open}
              today={today}
              onBack={() => select(null)}
              onChanged={(text) => show("success", text)}
              onError={(text) => show("error", text)}
            />
          ) : selectedId && detail && !detail.ok ? (
            <Alert tone="error">{failureText(detail, "Failed to load the voucher")}</Alert>
          ) : (
            <Card>
              <EmptyState icon={<Ticket className="h-6 w-6" />} title="Select a voucher">
                Choose a voucher to see its ledger: where it came from, each booking it paid and what went
                back.
              </EmptyState>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}

function VoucherPanel({
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

function IssueForm({
  onDone,
  onCancel,
}: {
  onDone: (codeHint: string, email: string, id: string) => void;
  onCancel: () => void;
}) {
  const write = useAdminWrite();
  const [values, setValues] = useState({ amount: "", email: "", name: "", note: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure("");
    const res = await write<{ voucher: VoucherItem }>("POST", "/api/admin/vouchers", values);
    setBusy(false);
    if (res.ok) {
      onDone(res.data.voucher.code_hint, res.data.voucher.recipient_email, res.data.voucher.id);
      return;
    }
    setErrors(res.errors);
    setFailure(res.network ? "Connection error" : Object.keys(res.errors).length ? "" : res.detail);
  };

  return (
    <Card
      title="Issue a voucher"
      description="The code is emailed to the address you give, valid for three years."
      className="mb-6"
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Amount (AUD)"
          required
          inputMode="decimal"
          value={values.amount}
          onChange={set("amount")}
          error={errors.amount}
          placeholder="150"
        />
        <TextField
          label="Email"
          type="email"
          required
          value={values.email}
          onChange={set("email")}
          error={errors.email}
        />
        <TextField label="Name" value={values.name} onChange={set("name")} error={errors.name} />
        <TextAreaField
          label="Note (for the ledger)"
          value={values.note}
          onChange={set("note")}
          error={errors.note}
          className="sm:col-span-2"
          placeholder="e.g. Goodwill credit after the rough crossing"
        />
        {failure ? (
          <Alert tone="error" className="sm:col-span-2">
            {failure}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" variant="primary" busy={busy} disabled={busy}>
            Issue and email
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

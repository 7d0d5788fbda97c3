import { Plus, Search, Ticket } from "lucide-react";
import { useState } from "react";
import { Form, useSearchParams } from "react-router";
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  useFlash,
} from "../../components/admin";
import { IssueForm } from "../../components/admin/vouchers/IssueForm";
import { VoucherPanel } from "../../components/admin/vouchers/VoucherPanel";
import {
  money,
  SOURCE_LABELS,
  statusOf,
  type VoucherDetail,
  type VoucherItem,
} from "../../components/admin/vouchers/voucher-view";
import { adminAction, adminGet, dataOr, failureText } from "../../lib/admin-data";
import { formatDateAU, sydneyDate } from "../../lib/dates";
import type { Route } from "./+types/vouchers";

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

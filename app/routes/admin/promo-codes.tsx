import { BadgePercent, Plus } from "lucide-react";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { PromoCodeForm } from "../../components/admin/promo-codes/PromoCodeForm";
import {
  type AdventureChoice,
  money,
  type PromoCodeItem,
  windowText,
} from "../../components/admin/promo-codes/promo-view";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { can, type StaffRole } from "../../lib/staff-access";
import type { Route } from "./+types/promo-codes";

export async function clientLoader() {
  const list = await adminGet<{ promo_codes: PromoCodeItem[]; adventures: AdventureChoice[] }>(
    "/api/admin/promo-codes",
  );
  return { list };
}
export const clientAction = adminAction;

/** Promo codes: each code's rules, uses, the revenue of its bookings and the discount given. */
export default function AdminPromoCodes({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const { promo_codes: codes, adventures } = dataOr(list, { promo_codes: [], adventures: [] });
  const loadError = failureText(list, "Failed to load promo codes");
  const [editing, setEditing] = useState<PromoCodeItem | "new" | null>(null);
  const { flash, show, clear } = useFlash();
  const { confirm, dialog } = useConfirm();
  const write = useAdminWrite();
  // The bookkeeper reads the codes and their figures; writing them is the route table's "operations".
  const layout = useRouteLoaderData("routes/admin/layout") as { me?: { role?: StaffRole } } | undefined;
  const canWrite = can(layout?.me?.role ?? "owner", "operations");
  const titleOf = new Map(adventures.map((a) => [a.id, a.title]));

  const deactivate = async (code: PromoCodeItem) => {
    const ok = await confirm({
      title: `Deactivate ${code.code}?`,
      message: "Customers can no longer use it. Bookings that used it keep their discount.",
      confirmLabel: "Deactivate",
      tone: "danger",
    });
    if (!ok) return;
    const res = await write("POST", `/api/admin/promo-codes/${encodeURIComponent(code.id)}/deactivate`, {});
    if (res.ok) show("success", `${code.code} deactivated.`);
    else show("error", failureText(res, res.ok ? "" : res.detail));
  };

  return (
    <>
      <PageHeader
        title="Promo codes"
        description="Discounts customers type on the booking form. One code per booking; the server checks every rule."
        actions={
          canWrite ? (
            <Button variant="primary" onClick={() => setEditing("new")} aria-expanded={editing === "new"}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              New code
            </Button>
          ) : null
        }
      />
      <FlashAlert flash={flash} onDismiss={clear} className="mb-4" />
      {editing ? (
        <PromoCodeForm
          key={editing === "new" ? "new" : editing.id}
          code={editing === "new" ? null : editing}
          adventures={adventures}
          onDone={(saved) => {
            setEditing(null);
            show("success", `${saved.code} saved.`);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {loadError ? (
        <Alert tone="error" className="mb-4">
          {loadError}
        </Alert>
      ) : null}
      <Card bodyClassName="">
        {codes.length === 0 ? (
          <EmptyState icon={<BadgePercent className="h-6 w-6" />} title="No promo codes yet">
            Create a code, then share it: customers enter it on the booking form.
          </EmptyState>
        ) : (
          <ul aria-label="Promo codes" className="divide-y divide-slate-100">
            {codes.map((c) => (
              <li
                key={c.id}
                data-testid="promo-row"
                className="grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_auto] sm:items-start"
              >
                <div className="min-w-0">
                  <span className="block font-mono font-semibold break-all text-ocean-900">{c.code}</span>
                  <span className="mt-1 flex flex-wrap gap-1">
                    <Badge tone="teal">{c.label}</Badge>
                    <Badge tone={c.is_active ? "green" : "slate"}>
                      {c.is_active ? "Active" : "Inactive"}
                    </Badge>
                  </span>
                </div>
                <div className="min-w-0 space-y-2 text-sm">
                  <dl className="grid grid-cols-3 gap-2">
                    <div>
                      <dt className="text-xs text-slate-500">Uses</dt>
                      <dd className="font-semibold text-ocean-900" data-testid="promo-uses">
                        {c.uses}
                        {c.max_uses ? ` of ${c.max_uses}` : ""}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">Revenue</dt>
                      <dd className="font-semibold text-ocean-900" data-testid="promo-revenue">
                        {money(c.revenue_cents, c.currency)}
                      </dd>
                      {c.extras_cents > 0 ? (
                        <dd className="text-xs text-slate-600" data-testid="promo-extras">
                          incl. extras {money(c.extras_cents, c.currency)}
                        </dd>
                      ) : null}
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">Discount given</dt>
                      <dd className="font-semibold text-ocean-900" data-testid="promo-discount">
                        {money(c.discount_cents, c.currency)}
                      </dd>
                    </div>
                  </dl>
                  <p className="text-xs text-slate-600">
                    Booked: {windowText(c.valid_from, c.valid_to)} · Trips:{" "}
                    {windowText(c.trip_from, c.trip_to)} ·{" "}
                    {c.adventure_ids.length
                      ? c.adventure_ids.map((id) => titleOf.get(id) ?? id).join(", ")
                      : "All adventures"}
                    {c.min_group_size > 1 ? ` · Groups of ${c.min_group_size}+` : ""}
                    {c.first_booking_only ? " · First booking only" : ""}
                    {c.max_uses_per_email ? ` · ${c.max_uses_per_email} per email` : ""}
                  </p>
                </div>
                {canWrite ? (
                  <div className="flex gap-2">
                    <Button size="sm" onClick={() => setEditing(c)}>
                      Edit<span className="sr-only"> {c.code}</span>
                    </Button>
                    {c.is_active ? (
                      <Button size="sm" variant="ghost" onClick={() => deactivate(c)}>
                        Deactivate<span className="sr-only"> {c.code}</span>
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {dialog}
    </>
  );
}

import { BadgePercent, Plus } from "lucide-react";
import { useState } from "react";
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  FlashAlert,
  PageHeader,
  Table,
  tableStyles,
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
          <Button variant="primary" onClick={() => setEditing("new")} aria-expanded={editing === "new"}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New code
          </Button>
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
          <Table caption="Promo codes">
            <thead className={tableStyles.thead}>
              <tr>
                <th className={tableStyles.th}>Code</th>
                <th className={tableStyles.th}>Rules</th>
                <th className={tableStyles.th}>Uses</th>
                <th className={tableStyles.th}>Revenue</th>
                <th className={tableStyles.th}>Discount given</th>
                <th className={tableStyles.th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className={tableStyles.tbody}>
              {codes.map((c) => (
                <tr key={c.id} className={tableStyles.tr} data-testid="promo-row">
                  <td className={tableStyles.td}>
                    <span className="block font-mono font-semibold text-ocean-900">{c.code}</span>
                    <span className="mt-1 flex flex-wrap gap-1">
                      <Badge tone="teal">{c.label}</Badge>
                      <Badge tone={c.is_active ? "green" : "slate"}>
                        {c.is_active ? "Active" : "Inactive"}
                      </Badge>
                    </span>
                  </td>
                  <td className={`${tableStyles.td} text-xs`}>
                    <span className="block">Booked: {windowText(c.valid_from, c.valid_to)}</span>
                    <span className="block">Trips: {windowText(c.trip_from, c.trip_to)}</span>
                    <span className="block">
                      {c.adventure_ids.length
                        ? c.adventure_ids.map((id) => titleOf.get(id) ?? id).join(", ")
                        : "All adventures"}
                    </span>
                    {c.min_group_size > 1 ? (
                      <span className="block">Groups of {c.min_group_size}+</span>
                    ) : null}
                    {c.first_booking_only ? <span className="block">First booking only</span> : null}
                    {c.max_uses_per_email ? (
                      <span className="block">{c.max_uses_per_email} per email</span>
                    ) : null}
                  </td>
                  <td className={tableStyles.td} data-testid="promo-uses">
                    {c.uses}
                    {c.max_uses ? ` of ${c.max_uses}` : ""}
                  </td>
                  <td className={tableStyles.td} data-testid="promo-revenue">
                    {money(c.revenue_cents, c.currency)}
                  </td>
                  <td className={tableStyles.td} data-testid="promo-discount">
                    {money(c.discount_cents, c.currency)}
                  </td>
                  <td className={`${tableStyles.td} whitespace-nowrap`}>
                    <Button size="sm" onClick={() => setEditing(c)}>
                      Edit<span className="sr-only"> {c.code}</span>
                    </Button>
                    {c.is_active ? (
                      <Button size="sm" variant="ghost" onClick={() => deactivate(c)}>
                        Deactivate<span className="sr-only"> {c.code}</span>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      {dialog}
    </>
  );
}

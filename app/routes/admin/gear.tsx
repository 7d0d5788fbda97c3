/**
 * Gear hire stock: the items the shop hires out with the sizes owned, and for
 * one date how many of each size are out (the stock check's own count), so
 * the operator sees what is left before taking a phone booking.
 */
import { Backpack, Plus } from "lucide-react";
import { useState } from "react";
import { Form, useRouteLoaderData } from "react-router";
import { Alert, Button, Card, EmptyState, FlashAlert, PageHeader, useFlash } from "../../components/admin";
import { GearItemForm } from "../../components/admin/gear/GearItemForm";
import { type GearItemView, type GearList, hiredOf } from "../../components/admin/gear/gear-view";
import { adminAction, adminGet, dataOr, failureText } from "../../lib/admin-data";
import { formatDateAU, isIsoDate, sydneyDate } from "../../lib/dates";
import { can, type StaffRole } from "../../lib/staff-access";
import type { Route } from "./+types/gear";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const date = new URL(request.url).searchParams.get("date");
  const query = date && isIsoDate(date) ? `?date=${date}` : "";
  return { list: await adminGet<GearList>(`/api/admin/gear${query}`) };
}
export const clientAction = adminAction;

export default function AdminGear({ loaderData }: Route.ComponentProps) {
  const list = dataOr<GearList>(loaderData.list, {
    gear_items: [],
    extras: [],
    date: sydneyDate(),
    hired: [],
  });
  const loadError = failureText(loaderData.list, "Failed to load the gear");
  const [editing, setEditing] = useState<GearItemView | "new" | null>(null);
  const { flash, show, clear } = useFlash();
  const layout = useRouteLoaderData("routes/admin/layout") as { me?: { role?: StaffRole } } | undefined;
  const canWrite = can(layout?.me?.role ?? "owner", "operations");

  return (
    <>
      <PageHeader
        title="Gear hire"
        description="The sizes the shop owns of each item. A booking can hire no more of a size than is left on its date."
        actions={
          canWrite ? (
            <Button variant="primary" onClick={() => setEditing("new")} aria-expanded={editing === "new"}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              New item
            </Button>
          ) : null
        }
      />
      <FlashAlert flash={flash} onDismiss={clear} className="mb-4" />
      {loadError ? (
        <Alert tone="error" className="mb-4">
          {loadError}
        </Alert>
      ) : null}
      {editing === "new" ? (
        <Card title="New gear item" className="mb-6">
          <GearItemForm
            item={null}
            onDone={(name) => {
              setEditing(null);
              show("success", `${name} added.`);
            }}
            onCancel={() => setEditing(null)}
          />
        </Card>
      ) : null}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" aria-label="Day to count">
        <div>
          <label htmlFor="gear-date" className="field-label">
            Hired on
          </label>
          <input
            id="gear-date"
            className="field"
            type="date"
            name="date"
            defaultValue={list.date}
            key={list.date}
          />
        </div>
        <Button type="submit">Show</Button>
        <p className="w-full text-sm text-slate-600" data-testid="gear-day">
          Hired and left on {formatDateAU(list.date, "full")}
        </p>
      </Form>
      {list.gear_items.length === 0 ? (
        <Card>
          <EmptyState icon={<Backpack className="h-6 w-6" />} title="No gear yet">
            Add the items you hire out with their sizes, then offer them as an adventure's extras.
          </EmptyState>
        </Card>
      ) : (
        <ul aria-label="Gear items" className="grid gap-4 lg:grid-cols-2">
          {list.gear_items.map((item) => (
            <li key={item.id} data-testid="gear-item">
              <Card
                title={item.name}
                actions={
                  canWrite && editing !== item ? (
                    <Button size="sm" onClick={() => setEditing(item)}>
                      Edit<span className="sr-only"> {item.name}</span>
                    </Button>
                  ) : null
                }
              >
                {editing !== "new" && editing?.id === item.id ? (
                  <GearItemForm
                    item={item}
                    onDone={(name) => {
                      setEditing(null);
                      show("success", `${name} saved.`);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <StockTable item={item} list={list} />
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function StockTable({ item, list }: { item: GearItemView; list: GearList }) {
  if (!item.stock.length) return <p className="text-sm text-slate-600">No sizes owned yet.</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">
        {item.name} on {formatDateAU(list.date)}
      </caption>
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th scope="col" className="py-1 font-semibold">
            Size
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Owned
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Hired
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Left
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {item.stock.map((s) => {
          const hired = hiredOf(list.hired, item.id, s.size);
          return (
            <tr key={s.size} data-testid="stock-size">
              <th scope="row" className="py-1.5 text-left font-medium text-ocean-900">
                {s.size}
              </th>
              <td className="py-1.5 text-right">{s.quantity}</td>
              <td className="py-1.5 text-right">{hired}</td>
              <td
                className={`py-1.5 text-right font-semibold ${hired >= s.quantity ? "text-coral-700" : "text-ocean-900"}`}
              >
                {Math.max(0, s.quantity - hired)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

import type { ReactNode } from "react";
import { formatDateTimeAU } from "../../../lib/admin-api";
import { formatDollars } from "../../../lib/money";
import type { AdminBooking } from "../types";
import { tableStyles as t } from "../ui";
import {
  Attention,
  type BookingHandlers,
  BookingPageLink,
  Readiness,
  RevokeLinksButton,
  StatusActions,
} from "./controls";
import { BOOKING_FIELDS as f } from "./fields";

interface Column {
  label: string;
  /** The actions sit at the row's end, right-aligned under their heading. */
  right?: boolean;
  cell: (b: AdminBooking, on: BookingHandlers) => ReactNode;
}

/** The table's columns, each a heading and its cell: the header and the rows are drawn from this one list. */
const COLUMNS: Column[] = [
  {
    label: f.reference.label,
    cell: (b) => (
      <>
        <p className="font-mono text-xs font-semibold text-ocean-900">
          <BookingPageLink booking={b}>{f.reference.value(b)}</BookingPageLink>
        </p>
        <p className="mt-0.5 text-xs whitespace-nowrap text-slate-500">{formatDateTimeAU(b.created_at)}</p>
      </>
    ),
  },
  {
    label: f.customer.label,
    cell: (b) => (
      <>
        <p className="font-medium text-ocean-900">{f.customer.value(b)}</p>
        <a href={`mailto:${b.customer_email}`} className="text-xs text-reef-700 hover:underline">
          {f.email.value(b)}
        </a>
        {b.customer_phone ? <p className="text-xs text-slate-500">{b.customer_phone}</p> : null}
      </>
    ),
  },
  {
    label: f.trip.label,
    cell: (b) => (
      <>
        <p className="min-w-40">{f.trip.value(b)}</p>
        <p className="text-xs whitespace-nowrap text-slate-500">
          {f.date.value(b)} · {f.guests.value(b)} guest
          {b.group_size === 1 ? "" : "s"}
        </p>
        {b.special_requirements ? (
          <p
            className="mt-1 line-clamp-2 max-w-60 text-xs text-slate-500 italic"
            title={b.special_requirements}
          >
            {b.special_requirements}
          </p>
        ) : null}
      </>
    ),
  },
  {
    label: f.total.label,
    cell: (b) => (
      <>
        <p className="whitespace-nowrap">{f.total.value(b)}</p>
        {b.refund_amount > 0 ? (
          <p className="mt-1 text-xs whitespace-nowrap text-slate-500">
            Refunded {formatDollars(b.refund_amount, b.currency)}
          </p>
        ) : null}
      </>
    ),
  },
  {
    label: f.status.label,
    cell: (b, on) => (
      <>
        <div className="flex flex-col items-start gap-1">
          {f.status.value(b)}
          {f.payment.value(b)}
        </div>
        <Readiness booking={b} onOpen={on.onOpen} className="mt-2" />
        <Attention booking={b} onRetry={on.onRetry} className="mt-2 max-w-72" />
      </>
    ),
  },
  {
    label: "Actions",
    right: true,
    cell: (b, on) => (
      <>
        <StatusActions booking={b} onAction={on.onAction} className="flex-col items-stretch" />
        <RevokeLinksButton booking={b} onRevoke={on.onRevoke} className="mt-2" />
      </>
    ),
  },
];

/** Tablets and up: a table, one row per booking. */
export function BookingTable({ bookings, on }: { bookings: AdminBooking[]; on: BookingHandlers }) {
  return (
    <div className={`hidden xl:block ${t.wrap}`}>
      <table className={t.table}>
        <caption className="sr-only">Bookings</caption>
        <thead className={t.thead}>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.label} scope="col" className={c.right ? `${t.th} text-right` : t.th}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={t.tbody}>
          {bookings.map((b) => (
            <tr key={b.id} className={t.tr} data-testid="booking-row" data-reference={b.reference}>
              {COLUMNS.map((c) => (
                <td key={c.label} className={c.right ? `${t.td} text-right` : t.td}>
                  {c.cell(b, on)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

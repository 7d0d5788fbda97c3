import type { AdminBooking } from "../types";
import {
  Attention,
  type BookingHandlers,
  BookingPageLink,
  Readiness,
  RevokeLinksButton,
  StatusActions,
} from "./controls";
import { BOOKING_FIELDS as f } from "./fields";

/** Phones: one card per booking, the fields of ./fields laid out as a short description list. */
export function BookingCards({ bookings, on }: { bookings: AdminBooking[]; on: BookingHandlers }) {
  return (
    <ul className="divide-y divide-slate-100 xl:hidden" aria-label="Bookings">
      {bookings.map((b) => (
        <li key={b.id} className="p-4" data-testid="booking-row" data-reference={b.reference}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-ocean-900">
                <BookingPageLink booking={b}>{f.customer.value(b)}</BookingPageLink>
              </p>
              <p className="truncate text-sm text-slate-500">{f.email.value(b)}</p>
            </div>
            {f.status.value(b)}
          </div>
          <p className="mt-2 text-sm text-slate-700">{f.trip.value(b)}</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">{f.date.label}</dt>
            <dd>{f.date.value(b)}</dd>
            <dt className="text-slate-500">{f.guests.label}</dt>
            <dd>{f.guests.value(b)}</dd>
            <dt className="text-slate-500">{f.total.label}</dt>
            <dd>
              {f.total.value(b)} {f.payment.value(b)}
            </dd>
            <dt className="text-slate-500">{f.reference.label}</dt>
            <dd className="font-mono text-xs leading-5">{f.reference.value(b)}</dd>
          </dl>
          {b.special_requirements ? (
            <p className="mt-2 rounded-lg bg-sand-50 px-3 py-2 text-sm text-slate-700">
              {b.special_requirements}
            </p>
          ) : null}
          <Readiness booking={b} onOpen={on.onOpen} className="mt-2" />
          <Attention booking={b} onRetry={on.onRetry} className="mt-2" />
          <StatusActions booking={b} onAction={on.onAction} className="mt-3" />
          <RevokeLinksButton booking={b} onRevoke={on.onRevoke} className="mt-2" />
        </li>
      ))}
    </ul>
  );
}

/**
 * A booking's fields, defined once for both views of the bookings list: the
 * phone cards and the desktop table take each field's label and its value
 * from here, so a field is named and formatted in one place and the two views
 * cannot drift apart. The views only lay the fields out.
 */
import type { ReactNode } from "react";
import { departureText } from "../../../lib/departure";
import { formatDollars } from "../../../lib/money";
import { BookingStatusBadge, PaymentBadge } from "../status";
import type { AdminBooking } from "../types";

export interface BookingField {
  /** The heading a view shows beside or above the value; fields shown without one have none. */
  label?: string;
  value: (b: AdminBooking) => ReactNode;
}

export const BOOKING_FIELDS = {
  reference: { label: "Reference", value: (b) => b.reference },
  customer: {
    label: "Customer",
    value: (b) => (
      <>
        {b.customer_first_name} {b.customer_last_name}
      </>
    ),
  },
  email: { value: (b) => b.customer_email },
  trip: { label: "Trip", value: (b) => b.adventure_title },
  date: { label: "Date", value: (b) => departureText(b.selected_date, b.start_time) },
  guests: { label: "Guests", value: (b) => b.group_size },
  total: { label: "Total", value: (b) => formatDollars(b.total_amount, b.currency) },
  status: { label: "Status", value: (b) => <BookingStatusBadge status={b.booking_status} /> },
  payment: { value: (b) => <PaymentBadge status={b.payment_status} /> },
} satisfies Record<string, BookingField>;

import { AlertTriangle, CheckCircle2, RotateCcw, Unlink, Users, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ReadinessBadge } from "../status";
import type { AdminBooking, BookingStatus } from "../types";
import { Button } from "../ui";

/** What the operator can do from a booking's row; both views wire their controls to the same handlers. */
export interface BookingHandlers {
  /** Opens the booking's participants beside the list. */
  onOpen: (id: string) => void;
  onRetry: (b: AdminBooking) => void;
  onAction: (b: AdminBooking, to: BookingStatus) => void;
  onRevoke: (b: AdminBooking) => void;
}

/** The way from a row to the booking's own page (everything about it, and its edits). */
export function BookingPageLink({ booking, children }: { booking: AdminBooking; children: ReactNode }) {
  return (
    <Link
      to={`/admin/bookings/${encodeURIComponent(booking.id)}`}
      className="rounded-sm text-ocean-900 underline-offset-2 hover:text-reef-700 hover:underline"
      data-testid="open-booking"
    >
      {children}
    </Link>
  );
}

/** The group's readiness and the way to its participants (bookings someone is going on). */
export function Readiness({
  booking,
  onOpen,
  className = "",
}: {
  booking: AdminBooking;
  onOpen: (id: string) => void;
  className?: string;
}) {
  if (!booking.readiness) return null;
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      <ReadinessBadge status={booking.readiness.status} />
      <Button size="sm" variant="ghost" onClick={() => onOpen(booking.id)} data-testid="open-participants">
        <Users aria-hidden="true" className="h-4 w-4" />
        Participants
      </Button>
    </div>
  );
}

/** What the operator must look at: a late payment refunded, a refund that has not gone through. */
export function Attention({
  booking,
  onRetry,
  className = "",
}: {
  booking: AdminBooking;
  onRetry: (b: AdminBooking) => void;
  className?: string;
}) {
  if (!booking.attention) return null;
  const retryable = booking.refund_status === "pending" || booking.refund_status === "failed";
  return (
    <div
      className={`rounded-lg bg-coral-50 px-3 py-2 text-xs text-coral-700 ring-1 ring-coral-600/20 ring-inset ${className}`}
      data-testid="booking-attention"
      role="note"
    >
      <p className="flex items-center gap-1 font-semibold">
        <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
        Needs attention
      </p>
      <p className="mt-1">{booking.attention}</p>
      {retryable ? (
        <Button size="sm" variant="danger" onClick={() => onRetry(booking)} className="mt-2">
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Retry refund
        </Button>
      ) : null}
    </div>
  );
}

export function StatusActions({
  booking,
  onAction,
  className = "",
}: {
  booking: AdminBooking;
  onAction: (b: AdminBooking, to: BookingStatus) => void;
  className?: string;
}) {
  const next = booking.next_statuses;
  if (!next.length) return <span className="text-xs text-slate-500">No actions</span>;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      {next.includes("completed") ? (
        <Button size="sm" variant="teal" onClick={() => onAction(booking, "completed")}>
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          Mark completed
        </Button>
      ) : null}
      {next.includes("cancelled") ? (
        <Button size="sm" variant="danger" onClick={() => onAction(booking, "cancelled")}>
          <XCircle aria-hidden="true" className="h-4 w-4" />
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

/** Paid bookings have private links the customer holds; the operator can switch them off. */
export function RevokeLinksButton({
  booking,
  onRevoke,
  className = "",
}: {
  booking: AdminBooking;
  onRevoke: (b: AdminBooking) => void;
  className?: string;
}) {
  if (booking.booking_status === "pending_payment") return null;
  return (
    <div className={className}>
      <Button size="sm" onClick={() => onRevoke(booking)}>
        <Unlink aria-hidden="true" className="h-4 w-4" />
        Revoke links
      </Button>
    </div>
  );
}

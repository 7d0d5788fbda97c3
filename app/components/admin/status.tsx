import { READINESS_LABELS, type Readiness } from "../../lib/readiness";
import { Badge, type BadgeTone } from "./ui/badge";

export const BOOKING_STATUS_LABELS: Record<string, string> = {
  pending_payment: "Pending payment",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};
const BOOKING_TONES: Record<string, BadgeTone> = {
  pending_payment: "amber",
  confirmed: "blue",
  completed: "green",
  cancelled: "slate",
};

export function BookingStatusBadge({ status }: { status: string }) {
  return <Badge tone={BOOKING_TONES[status] ?? "slate"}>{BOOKING_STATUS_LABELS[status] ?? status}</Badge>;
}

const PAYMENT_LABELS: Record<string, [string, BadgeTone]> = {
  paid: ["Paid", "green"],
  partially_refunded: ["Part refunded", "teal"],
  refunded: ["Refunded", "teal"],
  unpaid: ["Unpaid", "slate"],
};

export function PaymentBadge({ status }: { status: string }) {
  const [label, tone] = PAYMENT_LABELS[status] ?? [status, "slate"];
  return <Badge tone={tone}>{label}</Badge>;
}

const SUBSCRIBER_TONES: Record<string, BadgeTone> = {
  active: "green",
  unsubscribed: "slate",
  inactive: "amber",
  pending: "blue",
};

/** "Pending" is a sign-up that has not been confirmed from its email yet. */
export function SubscriberBadge({ status }: { status: string }) {
  return (
    <Badge tone={SUBSCRIBER_TONES[status] ?? "slate"}>{status[0]?.toUpperCase() + status.slice(1)}</Badge>
  );
}

const READINESS_TONES: Record<Readiness, BadgeTone> = {
  details_missing: "amber",
  waiver_missing: "amber",
  medical_clearance_needed: "red",
  certification_to_check: "blue",
  ready: "green",
};

/** Whether a booking's group (or one person) is ready for the trip. */
export function ReadinessBadge({ status }: { status: Readiness }) {
  return (
    <span data-testid="readiness-badge" data-readiness={status}>
      <Badge tone={READINESS_TONES[status]}>{READINESS_LABELS[status]}</Badge>
    </span>
  );
}

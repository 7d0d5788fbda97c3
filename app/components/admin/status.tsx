import { Badge, type BadgeTone } from "./ui";

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
};

export function SubscriberBadge({ status }: { status: string }) {
  return (
    <Badge tone={SUBSCRIBER_TONES[status] ?? "slate"}>{status[0]?.toUpperCase() + status.slice(1)}</Badge>
  );
}

/** Answer shapes of the operations APIs, as the admin screens read them. */
export type BookingStatus = "pending_payment" | "confirmed" | "completed" | "cancelled";

export interface AdminBooking {
  id: string;
  reference: string;
  adventure_id: string;
  adventure_title: string;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  customer_phone: string;
  group_size: number;
  selected_date: string;
  special_requirements: string;
  total_amount: number;
  currency: string;
  booking_status: BookingStatus;
  payment_status: string;
  refund_amount: number;
  created_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  next_statuses: BookingStatus[];
}

export interface BookingPage {
  bookings: AdminBooking[];
  total: number;
  page: number;
  page_size: number;
}

export interface RefundPreview {
  booking_id: string;
  reference: string;
  booking_status: BookingStatus;
  selected_date: string;
  days_before_trip: number;
  paid: boolean;
  paid_amount: number;
  already_refunded: number;
  refund_percent: number;
  refund_amount: number;
  currency: string;
}

export interface ContactMessage {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  adventure_type: string;
  message: string;
  created_at: string;
  response: { response: string; responded_at: string } | null;
}

export interface Subscriber {
  id: string;
  email: string;
  status: "active" | "unsubscribed" | "inactive";
  subscribed_at: string;
  source: string;
}

export interface AvailabilityEntry {
  id: string;
  adventure_id: string;
  date: string;
  available_spots: number;
  booked_spots: number;
  free_spots: number;
  price_override: number | null;
  notes: string;
  is_available: boolean;
  weather_dependent: boolean;
}

/**
 * How long after the trip's last day a booking's private links keep working:
 * long enough to review the trip, follow a refund or fetch the calendar file
 * again, and short enough that a link in an old inbox or a forwarded email
 * stops opening the booking and its people's details. The re-send form mails
 * no link for a trip past it either. (The page of an expired link says it.)
 */
export const LINK_DAYS_AFTER_TRIP = 60;

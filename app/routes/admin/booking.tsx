/**
 * One booking on one screen (/admin/bookings/:id): the customer, the trip,
 * its people and their readiness, the money, changes, the private link and
 * the team's notes. Each section writes through this route's action and the
 * loaders re-run after every write, so what is shown is what the server holds.
 */
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { AdminBookingParticipants } from "../../../server/domain/dive-ops/participants.server";
import { Alert, buttonClass, FlashAlert, PageHeader, useFlash } from "../../components/admin";
import { BookingParticipants } from "../../components/admin/BookingParticipants";
import { ChangesCard } from "../../components/admin/booking/ChangesCard";
import { ContactCard } from "../../components/admin/booking/ContactCard";
import { DueCard } from "../../components/admin/booking/DueCard";
import { EmailsCard } from "../../components/admin/booking/EmailsCard";
import { InvoicesCard } from "../../components/admin/booking/InvoicesCard";
import { LinkCard } from "../../components/admin/booking/LinkCard";
import { MoneyCard } from "../../components/admin/booking/MoneyCard";
import { NotesCard } from "../../components/admin/booking/NotesCard";
import { OpenCheckoutCard } from "../../components/admin/booking/OpenCheckoutCard";
import { TripCard } from "../../components/admin/booking/TripCard";
import type { BookingPageView, Notify } from "../../components/admin/booking/types";
import type { EmailLogItem } from "../../components/admin/email-log/email-view";
import type { InvoiceView } from "../../components/admin/invoices/types";
import { adminAction, adminGet, failureText, useAdminWrite } from "../../lib/admin-data";
import { formatDateAU } from "../../lib/dates";
import type { Route } from "./+types/booking";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const path = `/api/admin/bookings/${encodeURIComponent(params.id)}`;
  const [view, participants, emails, invoices] = await Promise.all([
    adminGet<BookingPageView>(path),
    adminGet<AdminBookingParticipants>(`${path}/participants`),
    adminGet<{ emails: EmailLogItem[] }>(`${path}/emails`),
    adminGet<{ invoices: InvoiceView[] }>(`${path}/invoices`),
  ]);
  return { view, participants, emails, invoices };
}
export const clientAction = adminAction;

const back = (
  <Link to="/admin/bookings" className={buttonClass("secondary", "sm")}>
    <ArrowLeft aria-hidden="true" className="h-4 w-4" />
    All bookings
  </Link>
);

export default function AdminBooking({ loaderData }: Route.ComponentProps) {
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash(4000);
  const notify: Notify = (tone, title, detail) => show(tone, detail ?? "", title);

  if (!loaderData.view.ok) {
    const notFound = loaderData.view.status === 404;
    return (
      <>
        <PageHeader title={notFound ? "Booking not found" : "Booking"} actions={back} />
        <Alert tone="error">
          {notFound
            ? "No booking has this address. It may have been mistyped."
            : failureText(loaderData.view, "Failed to fetch the booking")}
        </Alert>
      </>
    );
  }
  const view = loaderData.view.data;
  const b = view.booking;

  return (
    <>
      <PageHeader
        eyebrow={`Booking ${b.reference}`}
        title={`${b.customer_first_name} ${b.customer_last_name}`.trim()}
        description={`${b.adventure_title} · ${formatDateAU(b.selected_date, "full")} · ${b.group_size} ${
          b.group_size === 1 ? "person" : "people"
        }`}
        actions={back}
      />
      <FlashAlert flash={flash} onDismiss={clear} className="mb-4" />
      {b.attention ? (
        <Alert tone="warning" title="Needs attention" className="mb-4">
          {b.attention}
        </Alert>
      ) : null}

      {/* Phones: one column in the order an operator reads a booking (the columns' wrappers are
          `contents` there, so `order` sorts every section); desktops: two columns side by side. */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start" data-testid="booking-page">
        <div className="contents min-w-0 lg:col-span-2 lg:block lg:space-y-4">
          <div className="order-1 lg:order-none">
            <ContactCard
              key={`${b.id}:${b.customer_email}:${b.customer_phone}`}
              booking={b}
              write={write}
              notify={notify}
            />
          </div>
          <div className="order-3 lg:order-none">
            {loaderData.participants.ok ? (
              <BookingParticipants
                data={loaderData.participants.data}
                write={write}
                onDone={(tone, title, detail) => notify(tone, title, detail)}
              />
            ) : (
              <Alert tone="error">
                {failureText(loaderData.participants, "Failed to fetch the participants")}
              </Alert>
            )}
          </div>
          <div className="order-4 lg:order-none">
            <MoneyCard view={view} write={write} notify={notify} />
          </div>
          <div className="order-3 lg:order-none">
            <ChangesCard changes={view.changes} booking={b} write={write} notify={notify} />
          </div>
          <div className="order-8 lg:order-none">
            {loaderData.emails.ok ? (
              <EmailsCard
                bookingId={b.id}
                emails={loaderData.emails.data.emails}
                canResend={
                  (b.booking_status === "confirmed" || b.booking_status === "completed") &&
                  !view.links.revoked_at
                }
                write={write}
                notify={notify}
              />
            ) : (
              <Alert tone="error">{failureText(loaderData.emails, "Failed to fetch the emails")}</Alert>
            )}
          </div>
        </div>
        <div className="contents min-w-0 lg:block lg:space-y-4">
          {view.open_checkouts.map((checkout) => (
            <div key={checkout.id} className="order-1 lg:order-none">
              <OpenCheckoutCard bookingId={b.id} checkout={checkout} write={write} notify={notify} />
            </div>
          ))}
          {view.owed > 0 && (b.booking_status === "confirmed" || b.booking_status === "completed") ? (
            <div className="order-1 lg:order-none">
              <DueCard
                bookingId={b.id}
                owed={view.owed}
                currency={b.currency}
                write={write}
                notify={notify}
              />
            </div>
          ) : null}
          <div className="order-2 lg:order-none">
            <TripCard booking={b} promo={view.promo} />
          </div>
          <div className="order-5 lg:order-none">
            <LinkCard
              bookingId={b.id}
              reference={b.reference}
              links={view.links}
              write={write}
              notify={notify}
            />
          </div>
          <div className="order-6 lg:order-none">
            <NotesCard bookingId={b.id} notes={view.notes} write={write} notify={notify} />
          </div>
          <div className="order-9 lg:order-none">
            {loaderData.invoices.ok ? (
              <InvoicesCard invoices={loaderData.invoices.data.invoices} write={write} notify={notify} />
            ) : (
              <Alert tone="error">{failureText(loaderData.invoices, "Failed to fetch the invoices")}</Alert>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

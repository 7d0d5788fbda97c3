import {
  AlertTriangle,
  CheckCircle2,
  ChevronLeft,
  ChevronRight,
  ClipboardList,
  Download,
  RotateCcw,
  Search,
  Unlink,
  Users,
  XCircle,
} from "lucide-react";
import { useState } from "react";
import { useNavigation, useSearchParams } from "react-router";
import type { AdminBookingParticipants } from "../../../server/domain/dive-ops/participants.server";
import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  FlashAlert,
  PageHeader,
  tableStyles as t,
  useFlash,
} from "../../components/admin";
import { BookingParticipants } from "../../components/admin/BookingParticipants";
import {
  BOOKING_STATUS_LABELS,
  BookingStatusBadge,
  PaymentBadge,
  ReadinessBadge,
} from "../../components/admin/status";
import type { AdminBooking, BookingPage, BookingStatus, RefundPreview } from "../../components/admin/types";
import { adminDownload, formatDateTimeAU } from "../../lib/admin-api";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { formatDateAU, sydneyDate } from "../../lib/dates";
import { formatDollars } from "../../lib/money";
import type { Route } from "./+types/bookings";

const STATUS_OPTIONS = ["pending_payment", "confirmed", "completed", "cancelled"] as const;
const PAGE_SIZE = 25;

/** The list's filter as the URL holds it: the loader and the export read the same status and search. */
function filterOf(params: URLSearchParams) {
  const sp = new URLSearchParams();
  const status = params.get("status");
  const q = params.get("q");
  const readiness = params.get("readiness");
  if (status) sp.set("status", status);
  if (q) sp.set("q", q);
  if (readiness) sp.set("readiness", readiness);
  return sp;
}

const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get("page")) || 1);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const sp = filterOf(params);
  sp.set("page", String(pageOf(params)));
  sp.set("page_size", String(PAGE_SIZE));
  // ?booking=<id> opens that booking's participants beside the list.
  const open = params.get("booking");
  const [bookings, participants] = await Promise.all([
    adminGet<BookingPage>(`/api/bookings?${sp}`),
    open
      ? adminGet<AdminBookingParticipants>(`/api/admin/bookings/${encodeURIComponent(open)}/participants`)
      : null,
  ]);
  return { bookings, participants };
}
export const clientAction = adminAction;

type Pending =
  | { kind: "completed"; booking: AdminBooking }
  | { kind: "cancelled"; booking: AdminBooking; preview: RefundPreview | null; previewError: string };

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const q = params.get("q") ?? "";
  const readiness = params.get("readiness") ?? "";
  const page = pageOf(params);
  // A failed load keeps nothing on screen but the error (the list is the server's, or none).
  const data = dataOr<BookingPage | null>(loaderData.bookings, null);
  const loadError = failureText(loaderData.bookings, "Failed to fetch bookings");
  // While another page or filter loads, paging stays put so one click moves one page.
  const navigating = useNavigation().state !== "idle";
  const write = useAdminWrite();

  const [search, setSearch] = useState(q);
  // The search box follows the URL when it changes from outside the form (back, a link):
  // adjusted while rendering, so the box never shows the previous search for a frame.
  const [searchOf, setSearchOf] = useState(q);
  if (searchOf !== q) {
    setSearchOf(q);
    setSearch(q);
  }
  const { flash, show, clear } = useFlash();
  const [pending, setPending] = useState<Pending | null>(null);
  const [revoking, setRevoking] = useState<AdminBooking | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);

  const update = (next: Record<string, string>) => {
    const sp = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) sp.set(k, v);
      else sp.delete(k);
    }
    setParams(sp, { replace: false });
  };

  const ask = async (booking: AdminBooking, kind: BookingStatus) => {
    clear();
    if (kind === "completed") {
      setPending({ kind: "completed", booking });
      return;
    }
    setPending({ kind: "cancelled", booking, preview: null, previewError: "" });
    // The refund is worked out when the operator asks to cancel (the policy counts days to the
    // trip, so it is read at that moment), not with the list: the dialog opens at once and
    // shows it when it arrives.
    const res = await adminGet<RefundPreview>(
      `/api/admin/bookings/${encodeURIComponent(booking.id)}/refund-preview`,
    );
    setPending((p) =>
      p && p.kind === "cancelled" && p.booking.id === booking.id
        ? res.ok
          ? { ...p, preview: res.data }
          : { ...p, previewError: res.network ? "Connection error" : res.detail }
        : p,
    );
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const { booking, kind } = pending;
    const res = await write<{ booking: AdminBooking; refund_amount: number }>(
      "PUT",
      `/api/admin/bookings/${encodeURIComponent(booking.id)}/status`,
      { status: kind },
    );
    setBusy(false);
    setPending(null);
    if (res.ok) {
      const refund = res.data.refund_amount;
      const waiting = refund > 0 && res.data.booking.refund_status !== "succeeded";
      show(
        "success",
        kind === "cancelled"
          ? waiting
            ? `The spots are free again. The refund of ${formatDollars(refund, booking.currency)} has not gone through yet; it is retried automatically, and the booking is marked in the list until it does.`
            : refund > 0
              ? `A refund of ${formatDollars(refund, booking.currency)} was sent to the customer's card. The spots are free again.`
              : "No refund was due. The spots are free again."
          : "",
        kind === "completed"
          ? `Booking ${booking.reference} marked completed.`
          : `Booking ${booking.reference} cancelled.`,
      );
    } else {
      show(
        "error",
        res.network ? "" : res.detail,
        res.network ? "Connection error" : "Failed to update booking status",
      );
    }
  };

  const retry = async (booking: AdminBooking) => {
    clear();
    const res = await write<{ booking: AdminBooking }>(
      "POST",
      `/api/admin/bookings/${encodeURIComponent(booking.id)}/refund/retry`,
    );
    if (res.ok) {
      const done = res.data.booking.refund_status === "succeeded";
      show(
        done ? "success" : "error",
        done ? "" : (res.data.booking.attention ?? ""),
        done
          ? `The refund for ${booking.reference} went through.`
          : `The refund for ${booking.reference} has still not gone through.`,
      );
    } else {
      show(
        "error",
        res.network ? "" : res.detail,
        res.network ? "Connection error" : "The refund could not be retried",
      );
    }
  };

  const askRevoke = (booking: AdminBooking) => {
    clear();
    setRevoking(booking);
  };

  const revokeLinks = async () => {
    if (!revoking) return;
    const booking = revoking;
    setBusy(true);
    const res = await write<{ revoked: number }>(
      "POST",
      `/api/admin/bookings/${encodeURIComponent(booking.id)}/revoke-links`,
    );
    setBusy(false);
    setRevoking(null);
    if (res.ok) {
      show(
        "success",
        "The customer can ask for a fresh link by email from the booking page.",
        res.data.revoked > 0
          ? `The customer's links to ${booking.reference} no longer work.`
          : `${booking.reference} had no working customer links.`,
      );
    } else {
      show(
        "error",
        res.network ? "" : res.detail,
        res.network ? "Connection error" : "The links could not be revoked",
      );
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    const ok = await adminDownload(
      `/api/admin/bookings/export.csv?${filterOf(params)}`,
      `bookings-${sydneyDate()}.csv`,
    );
    setExporting(false);
    if (!ok) show("error", "", "Failed to export bookings");
  };

  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const first = data?.total ? (data.page - 1) * data.page_size + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.page_size) : 0;

  return (
    <>
      <PageHeader
        title="Bookings"
        description="Every booking from the website. Filter by status, search by name, email or reference, and settle or cancel bookings."
        actions={
          <Button onClick={exportCsv} busy={exporting}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </Button>
        }
      />

      <div className="space-y-4">
        <FlashAlert flash={flash} onDismiss={clear} />

        {loaderData.participants ? (
          loaderData.participants.ok ? (
            <BookingParticipants
              data={loaderData.participants.data}
              write={write}
              onClose={() => update({ booking: "" })}
              onDone={(tone, title, detail) => show(tone, detail ?? "", title)}
            />
          ) : (
            <Alert tone="error">
              {failureText(loaderData.participants, "Failed to fetch the participants")}
            </Alert>
          )
        ) : null}

        <Card bodyClassName="p-3 sm:p-4">
          <search>
            <form
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                update({ q: search.trim(), page: "" });
              }}
            >
              <div className="flex-1">
                <label htmlFor="booking-search" className="field-label">
                  Search
                </label>
                <div className="relative">
                  <Search
                    aria-hidden="true"
                    className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
                  />
                  <input
                    id="booking-search"
                    type="search"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    placeholder="Name, email or reference"
                    className="field pl-9"
                  />
                </div>
              </div>
              <div className="sm:w-52">
                <label htmlFor="booking-status" className="field-label">
                  Status
                </label>
                <select
                  id="booking-status"
                  className="field"
                  value={status}
                  onChange={(e) => update({ status: e.target.value, page: "" })}
                >
                  <option value="">All statuses</option>
                  {STATUS_OPTIONS.map((s) => (
                    <option key={s} value={s}>
                      {BOOKING_STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="sm:w-56">
                <label htmlFor="booking-readiness" className="field-label">
                  Readiness
                </label>
                <select
                  id="booking-readiness"
                  className="field"
                  value={readiness}
                  onChange={(e) => update({ readiness: e.target.value, page: "" })}
                >
                  <option value="">All bookings</option>
                  <option value="not_ready">Upcoming, not ready</option>
                </select>
              </div>
              <Button type="submit" variant="dark">
                Search
              </Button>
            </form>
          </search>
        </Card>

        {loadError ? <Alert tone="error">{loadError}</Alert> : null}

        <Card bodyClassName="">
          {!data || data.bookings.length === 0 ? (
            <EmptyState icon={<ClipboardList className="h-6 w-6" />} title="No bookings found">
              {q || status || readiness
                ? "Nothing matches this search and filter."
                : "Bookings made on the website appear here."}
            </EmptyState>
          ) : (
            <>
              {/* Phones: one card per booking */}
              <ul className="divide-y divide-slate-100 xl:hidden" aria-label="Bookings">
                {data.bookings.map((b) => (
                  <li key={b.id} className="p-4" data-testid="booking-row" data-reference={b.reference}>
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-semibold text-ocean-900">
                          {b.customer_first_name} {b.customer_last_name}
                        </p>
                        <p className="truncate text-sm text-slate-500">{b.customer_email}</p>
                      </div>
                      <BookingStatusBadge status={b.booking_status} />
                    </div>
                    <p className="mt-2 text-sm text-slate-700">{b.adventure_title}</p>
                    <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                      <dt className="text-slate-500">Date</dt>
                      <dd>{formatDateAU(b.selected_date)}</dd>
                      <dt className="text-slate-500">Guests</dt>
                      <dd>{b.group_size}</dd>
                      <dt className="text-slate-500">Total</dt>
                      <dd>
                        {formatDollars(b.total_amount, b.currency)} <PaymentBadge status={b.payment_status} />
                      </dd>
                      <dt className="text-slate-500">Reference</dt>
                      <dd className="font-mono text-xs leading-5">{b.reference}</dd>
                    </dl>
                    {b.special_requirements ? (
                      <p className="mt-2 rounded-lg bg-sand-50 px-3 py-2 text-sm text-slate-700">
                        {b.special_requirements}
                      </p>
                    ) : null}
                    <Readiness booking={b} onOpen={(id) => update({ booking: id })} className="mt-2" />
                    <Attention booking={b} onRetry={retry} className="mt-2" />
                    <StatusActions booking={b} onAction={ask} className="mt-3" />
                    <RevokeLinksButton booking={b} onRevoke={askRevoke} className="mt-2" />
                  </li>
                ))}
              </ul>

              {/* Tablets and up: a table */}
              <div className={`hidden xl:block ${t.wrap}`}>
                <table className={t.table}>
                  <caption className="sr-only">Bookings</caption>
                  <thead className={t.thead}>
                    <tr>
                      <th scope="col" className={t.th}>
                        Reference
                      </th>
                      <th scope="col" className={t.th}>
                        Customer
                      </th>
                      <th scope="col" className={t.th}>
                        Trip
                      </th>
                      <th scope="col" className={t.th}>
                        Total
                      </th>
                      <th scope="col" className={t.th}>
                        Status
                      </th>
                      <th scope="col" className={`${t.th} text-right`}>
                        Actions
                      </th>
                    </tr>
                  </thead>
                  <tbody className={t.tbody}>
                    {data.bookings.map((b) => (
                      <tr key={b.id} className={t.tr} data-testid="booking-row" data-reference={b.reference}>
                        <td className={t.td}>
                          <p className="font-mono text-xs font-semibold text-ocean-900">{b.reference}</p>
                          <p className="mt-0.5 text-xs whitespace-nowrap text-slate-500">
                            {formatDateTimeAU(b.created_at)}
                          </p>
                        </td>
                        <td className={t.td}>
                          <p className="font-medium text-ocean-900">
                            {b.customer_first_name} {b.customer_last_name}
                          </p>
                          <a
                            href={`mailto:${b.customer_email}`}
                            className="text-xs text-reef-700 hover:underline"
                          >
                            {b.customer_email}
                          </a>
                          {b.customer_phone ? (
                            <p className="text-xs text-slate-500">{b.customer_phone}</p>
                          ) : null}
                        </td>
                        <td className={t.td}>
                          <p className="min-w-40">{b.adventure_title}</p>
                          <p className="text-xs whitespace-nowrap text-slate-500">
                            {formatDateAU(b.selected_date)} · {b.group_size} guest
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
                        </td>
                        <td className={t.td}>
                          <p className="whitespace-nowrap">{formatDollars(b.total_amount, b.currency)}</p>
                          {b.refund_amount > 0 ? (
                            <p className="mt-1 text-xs whitespace-nowrap text-slate-500">
                              Refunded {formatDollars(b.refund_amount, b.currency)}
                            </p>
                          ) : null}
                        </td>
                        <td className={t.td}>
                          <div className="flex flex-col items-start gap-1">
                            <BookingStatusBadge status={b.booking_status} />
                            <PaymentBadge status={b.payment_status} />
                          </div>
                          <Readiness booking={b} onOpen={(id) => update({ booking: id })} className="mt-2" />
                          <Attention booking={b} onRetry={retry} className="mt-2 max-w-72" />
                        </td>
                        <td className={`${t.td} text-right`}>
                          <StatusActions booking={b} onAction={ask} className="flex-col items-stretch" />
                          <RevokeLinksButton booking={b} onRevoke={askRevoke} className="mt-2" />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>

              <nav
                aria-label="Pagination"
                className="flex flex-col items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 sm:flex-row"
              >
                <p className="text-sm text-slate-600" aria-live="polite">
                  Showing {first}–{last} of {data.total.toLocaleString("en-AU")}
                </p>
                <div className="flex items-center gap-2">
                  <Button
                    size="sm"
                    disabled={page <= 1 || navigating}
                    onClick={() => update({ page: String(page - 1) })}
                  >
                    <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                    Previous
                  </Button>
                  <span className="text-sm whitespace-nowrap text-slate-600">
                    Page {page} of {totalPages}
                  </span>
                  <Button
                    size="sm"
                    disabled={page >= totalPages || navigating}
                    onClick={() => update({ page: String(page + 1) })}
                  >
                    Next
                    <ChevronRight aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </div>
              </nav>
            </>
          )}
        </Card>
      </div>

      <ConfirmDialog
        open={pending !== null}
        busy={busy}
        title={
          pending?.kind === "completed"
            ? `Mark booking ${pending.booking.reference} as completed?`
            : `Cancel booking ${pending?.booking.reference ?? ""}?`
        }
        message={
          pending?.kind === "completed"
            ? "Use this once the trip has run (or was settled outside the website)."
            : "The customer's spots are released for others to book."
        }
        confirmLabel={pending?.kind === "completed" ? "Mark completed" : "Cancel booking"}
        cancelLabel="Keep as is"
        tone={pending?.kind === "completed" ? "primary" : "danger"}
        confirmDisabled={pending?.kind === "cancelled" && !pending.preview && !pending.previewError}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === "cancelled" ? <RefundSummary pending={pending} /> : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={revoking !== null}
        busy={busy}
        title={`Revoke the customer's links to ${revoking?.reference ?? ""}?`}
        message="Every private link to this booking (in the confirmation email, on the success page, re-sent by email) stops working. The customer can ask for a fresh link, which goes to the booking's email address."
        confirmLabel="Revoke links"
        cancelLabel="Keep them"
        tone="danger"
        onConfirm={revokeLinks}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}

function RefundSummary({ pending }: { pending: Extract<Pending, { kind: "cancelled" }> }) {
  if (pending.previewError) return <Alert tone="error">{pending.previewError}</Alert>;
  const p = pending.preview;
  if (!p) return <p className="text-slate-500">Working out the refund…</p>;
  if (!p.paid)
    return (
      <p className="rounded-xl bg-slate-50 px-3 py-2 text-slate-700">
        No payment was taken, so there is nothing to refund.
      </p>
    );
  const days =
    p.days_before_trip < 0
      ? "the trip date has passed"
      : p.days_before_trip === 0
        ? "the trip is today"
        : `${p.days_before_trip} day${p.days_before_trip === 1 ? "" : "s"} before the trip`;
  return (
    <div className="rounded-xl bg-sand-50 px-3 py-2.5 text-slate-700" data-testid="refund-preview">
      <p>
        Paid {formatDollars(p.paid_amount, p.currency)}; {days}.
      </p>
      <p className="mt-1 font-semibold text-ocean-900">
        Refund under the cancellation policy: {p.refund_percent}% ={" "}
        {formatDollars(p.refund_amount, p.currency)}
      </p>
      {p.already_refunded > 0 ? (
        <p className="mt-1 text-xs">Already refunded: {formatDollars(p.already_refunded, p.currency)}</p>
      ) : null}
    </div>
  );
}

/** The group's readiness and the way to its participants (bookings someone is going on). */
function Readiness({
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
function Attention({
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

function StatusActions({
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
function RevokeLinksButton({
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

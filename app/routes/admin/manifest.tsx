/**
 * The trip-day manifest: one date's bookings and people across adventures,
 * for the phone at the dive site (cards, check-in buttons), for paper (a
 * compact table under the print styles of admin.css) and as CSV.
 *
 * Medical: the sheet is printed and left on a boat, so it shows only
 * "clearance needed", "clearance received" or "no medical issues", never the
 * answers themselves (the API does not send them; the booking's participant
 * screen is where the operator reads them).
 */
import {
  CalendarCheck,
  ChevronLeft,
  ChevronRight,
  ClipboardCheck,
  Download,
  Phone,
  Printer,
} from "lucide-react";
import { useState } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import type {
  Manifest,
  ManifestAdventure,
  ManifestBooking,
  ManifestParticipant,
} from "../../../server/domain/dive-ops/manifest.server";
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  EmptyState,
  FlashAlert,
  PageHeader,
  StatCard,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { CheckInButton } from "../../components/admin/CheckInButton";
import { adminDownload } from "../../lib/admin-api";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { addDays, formatDateAU, isIsoDate, sydneyDate } from "../../lib/dates";
import { bookingPath, MEDICAL_STATUS_LABELS, type MedicalStatus } from "../../lib/manifest";
import { READINESS_LABELS, type Readiness } from "../../lib/readiness";
import type { Route } from "./+types/manifest";

/** The date the URL asks for; the API answers today in Sydney without one. */
function dateParam(params: URLSearchParams): string | null {
  const date = params.get("date");
  return date && isIsoDate(date) ? date : null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const date = dateParam(new URL(request.url).searchParams);
  return { manifest: await adminGet<Manifest>(`/api/admin/manifest${date ? `?date=${date}` : ""}`) };
}
export const clientAction = adminAction;

const READINESS_TONES: Record<Readiness, BadgeTone> = {
  ready: "green",
  details_missing: "amber",
  waiver_missing: "amber",
  medical_clearance_needed: "red",
  certification_to_check: "blue",
};

const MEDICAL_TONES: Record<MedicalStatus, BadgeTone> = {
  clearance_needed: "red",
  clearance_received: "green",
  no_medical_issues: "green",
  not_answered: "amber",
  not_applicable: "slate",
};

function ReadinessBadge({ readiness }: { readiness: Readiness }) {
  return <Badge tone={READINESS_TONES[readiness]}>{READINESS_LABELS[readiness]}</Badge>;
}

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "–" : v);

function gearText(p: ManifestParticipant): string {
  return [
    `Height ${p.height_cm ? `${p.height_cm} cm` : "–"}`,
    `Weight ${p.weight_kg ? `${p.weight_kg} kg` : "–"}`,
    `Wetsuit ${dash(p.wetsuit_size)}`,
    `Fins ${dash(p.fin_size)}`,
  ].join(" · ");
}

function certText(p: ManifestParticipant): string {
  if (!p.cert_agency && !p.cert_level && !p.cert_number) return "None given";
  const card = [p.cert_agency, p.cert_level].filter(Boolean).join(" ");
  const parts = [card || "–", p.cert_number ? `No. ${p.cert_number}` : ""];
  if (p.last_dive_date) parts.push(`last dive ${formatDateAU(p.last_dive_date, "short")}`);
  return parts.filter(Boolean).join(", ");
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const nameAndAge = (p: ManifestParticipant) =>
  `${p.full_name || `Participant ${p.position}`}${p.age !== null ? `, ${p.age}` : ""}`;

export default function AdminManifest({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash(6000);
  const { confirm, dialog } = useConfirm();
  const [exporting, setExporting] = useState(false);
  const [completing, setCompleting] = useState(false);

  const manifest = dataOr<Manifest | null>(loaderData.manifest, null);
  const loadError = failureText(loaderData.manifest, "Failed to load the manifest");
  // While the first answer is missing, the date the URL asks for (or today) drives the controls.
  const date = manifest?.date ?? dateParam(params) ?? sydneyDate();
  const today = manifest?.today ?? sydneyDate();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/manifest";

  const go = (to: string) => {
    clear();
    setParams(to === today ? {} : { date: to });
  };

  const exportCsv = async () => {
    setExporting(true);
    const ok = await adminDownload(`/api/admin/manifest.csv?date=${date}`, `manifest-${date}.csv`);
    setExporting(false);
    if (!ok) show("error", "", "The CSV could not be downloaded");
  };

  const completeDate = async () => {
    if (!manifest) return;
    const n = manifest.to_complete;
    const ok = await confirm({
      title: "Mark date completed",
      message: `Mark the ${plural(n, "confirmed booking")} of ${formatDateAU(date)} completed? Do this after the trip.`,
      confirmLabel: "Mark completed",
      tone: "primary",
    });
    if (!ok) return;
    setCompleting(true);
    const res = await write<{ completed: number }>("POST", "/api/admin/manifest/complete", { date });
    setCompleting(false);
    if (res.ok) {
      const done = res.data.completed;
      show("success", "", `${plural(done, "booking")} marked completed.`);
    } else {
      show(
        "error",
        res.network ? "" : res.detail,
        res.network ? "Connection error" : "Could not complete the date",
      );
    }
  };

  return (
    <div className="manifest-sheet">
      {dialog}
      <PageHeader
        title="Trip-day manifest"
        description="Everyone going out on one date: readiness, gear sizes, certification and emergency contacts. Check people in at the site; print or export the sheet."
        actions={
          <div className="manifest-controls flex flex-wrap gap-2">
            <Button onClick={() => window.print()} disabled={!manifest}>
              <Printer aria-hidden="true" className="h-4 w-4" />
              Print
            </Button>
            <Button onClick={exportCsv} busy={exporting} disabled={!manifest}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Download CSV
            </Button>
            {date <= today ? (
              <Button
                variant="dark"
                onClick={completeDate}
                busy={completing}
                disabled={!manifest?.can_complete}
                title={manifest?.can_complete ? undefined : "No confirmed bookings left on this date"}
              >
                <CalendarCheck aria-hidden="true" className="h-4 w-4" />
                Mark date completed
              </Button>
            ) : null}
          </div>
        }
      />

      <nav aria-label="Manifest date" className="manifest-controls mb-4 flex flex-wrap items-center gap-2">
        <Button onClick={() => go(addDays(date, -1))} aria-label="Previous day" className="px-3">
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </Button>
        <label className="sr-only" htmlFor="manifest-date">
          Date
        </label>
        <input
          id="manifest-date"
          type="date"
          value={date}
          onChange={(e) => {
            if (isIsoDate(e.target.value)) go(e.target.value);
          }}
          className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-ocean-900 focus:border-reef-500 focus:ring-2 focus:ring-reef-500/30 focus:outline-none"
        />
        <Button onClick={() => go(addDays(date, 1))} aria-label="Next day" className="px-3">
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </Button>
        {date !== today ? (
          <Button variant="ghost" onClick={() => go(today)}>
            Today
          </Button>
        ) : null}
      </nav>

      <h2 className="manifest-date mb-4 font-display text-xl font-semibold text-ocean-900">
        {formatDateAU(date, "full")}
        {date === today ? <span className="ml-2 text-sm font-medium text-reef-700">Today</span> : null}
      </h2>

      <div className="space-y-4" aria-busy={loading || undefined}>
        <FlashAlert flash={flash} onDismiss={clear} />
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        {manifest ? (
          <ManifestBody manifest={manifest} write={write} onError={(m) => show("error", "", m)} />
        ) : null}
      </div>
    </div>
  );
}

type Write = ReturnType<typeof useAdminWrite>;

function ManifestBody({
  manifest,
  write,
  onError,
}: {
  manifest: Manifest;
  write: Write;
  onError: (message: string) => void;
}) {
  const { totals } = manifest;
  if (manifest.adventures.length === 0) {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white">
        <EmptyState icon={<ClipboardCheck className="h-6 w-6" />} title="No bookings on this date">
          Confirmed and completed bookings of the date appear here.
        </EmptyState>
      </div>
    );
  }
  return (
    <>
      <section
        aria-label="Totals"
        className="manifest-totals grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5"
      >
        <StatCard label="Bookings" value={totals.bookings} tone="ocean" />
        <StatCard label="People" value={totals.people} tone="ocean" />
        <StatCard label="Ready" value={totals.ready} tone="reef" />
        <StatCard label="Not ready" value={totals.not_ready} tone={totals.not_ready ? "coral" : "slate"} />
        <StatCard label="Checked in" value={`${totals.checked_in} of ${totals.people}`} tone="sand" />
      </section>
      <p className="manifest-print-only text-sm">
        {plural(totals.bookings, "booking")} · {plural(totals.people, "person", "people")} · {totals.ready}{" "}
        ready · {totals.not_ready} not ready · {totals.checked_in} checked in
      </p>
      {manifest.adventures.map((adventure) => (
        <AdventureSection
          key={adventure.adventure_id}
          adventure={adventure}
          write={write}
          onError={onError}
        />
      ))}
    </>
  );
}

function AdventureSection({
  adventure,
  write,
  onError,
}: {
  adventure: ManifestAdventure;
  write: Write;
  onError: (message: string) => void;
}) {
  const headingId = `adventure-${adventure.adventure_id}`;
  return (
    <section aria-labelledby={headingId} className="manifest-adventure space-y-3 pt-2">
      <h3 id={headingId} className="font-display text-lg font-semibold text-ocean-900">
        {adventure.title}{" "}
        <span className="text-sm font-medium text-slate-500">
          · {plural(adventure.people, "person", "people")}
        </span>
      </h3>
      <div className="manifest-screen-only space-y-3">
        {adventure.bookings.map((b) => (
          <BookingCard key={b.id} booking={b} adventure={adventure} write={write} onError={onError} />
        ))}
      </div>
      <PrintTable adventure={adventure} />
    </section>
  );
}

function BookingCard({
  booking,
  adventure,
  write,
  onError,
}: {
  booking: ManifestBooking;
  adventure: ManifestAdventure;
  write: Write;
  onError: (message: string) => void;
}) {
  return (
    <article
      aria-label={`Booking ${booking.reference}`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0">
          <p className="font-semibold text-ocean-900">
            <Link to={bookingPath(booking)} className="underline-offset-2 hover:underline">
              {booking.reference}
            </Link>{" "}
            · {booking.customer_name}
          </p>
          {booking.customer_phone ? (
            <a
              href={`tel:${booking.customer_phone.replace(/[^\d+]/g, "")}`}
              className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-reef-700"
            >
              <Phone aria-hidden="true" className="h-4 w-4" />
              {booking.customer_phone}
            </a>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {booking.booking_status === "completed" ? <Badge tone="teal">Completed</Badge> : null}
          <ReadinessBadge readiness={booking.readiness.status} />
        </div>
      </header>
      {booking.special_requirements ? (
        <p className="border-b border-slate-100 bg-sand-50 px-4 py-2 text-sm text-slate-700">
          <span className="font-semibold">Special requirements: </span>
          <span className="whitespace-pre-line">{booking.special_requirements}</span>
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100">
        {booking.participants.map((p) => (
          <li key={p.id}>
            <ParticipantRow participant={p} adventure={adventure} write={write} onError={onError} />
          </li>
        ))}
        {booking.missing_positions.map((position) => (
          <li key={`missing-${position}`} className="px-4 py-3 text-sm text-amber-800">
            Participant {position} — details missing
          </li>
        ))}
      </ul>
    </article>
  );
}

function ParticipantRow({
  participant: p,
  adventure,
  write,
  onError,
}: {
  participant: ManifestParticipant;
  adventure: ManifestAdventure;
  write: Write;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const name = p.full_name || `Participant ${p.position}`;
  const toggle = async () => {
    setBusy(true);
    const res = await write("POST", `/api/admin/participants/${encodeURIComponent(p.id)}/check-in`, {
      checked_in: !p.checked_in,
    });
    setBusy(false);
    if (!res.ok) onError(res.network ? "Connection error" : `Check-in not saved: ${res.detail}`);
  };
  const showCert = adventure.requires_certification || p.cert_number !== "" || p.cert_agency !== "";
  return (
    <div className="space-y-2 px-4 py-3" data-testid="manifest-participant">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{nameAndAge(p)}</p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <ReadinessBadge readiness={p.readiness} />
          </div>
        </div>
        <CheckInButton checkedIn={p.checked_in} name={name} busy={busy} onToggle={toggle} />
      </div>
      <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-2">
        {adventure.diving ? (
          <div>
            <dt className="text-xs font-semibold text-slate-500 uppercase">Gear</dt>
            <dd className="text-slate-800">{gearText(p)}</dd>
          </div>
        ) : null}
        {showCert ? (
          <div>
            <dt className="text-xs font-semibold text-slate-500 uppercase">Certification</dt>
            <dd className="text-slate-800">
              {certText(p)}
              {p.cert_number ? (
                <span className={p.cert_checked ? " text-emerald-700" : " text-amber-800"}>
                  {p.cert_checked ? " · checked" : " · not checked"}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-xs font-semibold text-slate-500 uppercase">Emergency contact</dt>
          <dd className="text-slate-800">
            {dash(p.emergency_contact_name)}
            {p.emergency_contact_phone ? (
              <>
                {" · "}
                <a
                  href={`tel:${p.emergency_contact_phone.replace(/[^\d+]/g, "")}`}
                  className="font-medium text-reef-700"
                >
                  {p.emergency_contact_phone}
                </a>
              </>
            ) : null}
          </dd>
        </div>
        {p.medical !== "not_applicable" ? (
          <div>
            <dt className="text-xs font-semibold text-slate-500 uppercase">Medical</dt>
            <dd>
              <Badge tone={MEDICAL_TONES[p.medical]}>{MEDICAL_STATUS_LABELS[p.medical]}</Badge>
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

/** The paper version: one compact table per adventure, shown only by the print styles. */
function PrintTable({ adventure }: { adventure: ManifestAdventure }) {
  return (
    <table className="manifest-print-only manifest-table">
      <caption className="sr-only">{`${adventure.title}: participants`}</caption>
      <thead>
        <tr>
          <th scope="col">In</th>
          <th scope="col">Name, age</th>
          <th scope="col">Ready</th>
          {adventure.diving ? <th scope="col">Gear (cm, kg, suit, fins)</th> : null}
          <th scope="col">Certification</th>
          <th scope="col">Emergency contact</th>
          {adventure.diving ? <th scope="col">Medical</th> : null}
        </tr>
      </thead>
      {adventure.bookings.map((b) => (
        <tbody key={b.id}>
          <tr className="manifest-table-booking">
            <th scope="rowgroup" colSpan={adventure.diving ? 7 : 5}>
              {b.reference} · {b.customer_name} · {b.customer_phone || "no phone"} ·{" "}
              {READINESS_LABELS[b.readiness.status]}
              {b.special_requirements ? ` · Special requirements: ${b.special_requirements}` : ""}
            </th>
          </tr>
          {b.participants.map((p) => (
            <tr key={p.id}>
              <td>{p.checked_in ? "☑" : "☐"}</td>
              <td>{nameAndAge(p)}</td>
              <td>{READINESS_LABELS[p.readiness]}</td>
              {adventure.diving ? (
                <td>
                  {dash(p.height_cm)} / {dash(p.weight_kg)} / {dash(p.wetsuit_size)} / {dash(p.fin_size)}
                </td>
              ) : null}
              <td>
                {certText(p)}
                {p.cert_number ? (p.cert_checked ? " (checked)" : " (not checked)") : ""}
              </td>
              <td>
                {dash(p.emergency_contact_name)} {p.emergency_contact_phone}
              </td>
              {adventure.diving ? <td>{MEDICAL_STATUS_LABELS[p.medical]}</td> : null}
            </tr>
          ))}
          {b.missing_positions.map((position) => (
            <tr key={`missing-${position}`}>
              <td>☐</td>
              <td colSpan={adventure.diving ? 6 : 4}>Participant {position} — details missing</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

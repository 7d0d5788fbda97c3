import { ClipboardCheck, ListChecks } from "lucide-react";
import { Link } from "react-router";
import type { Manifest, ManifestAdventure } from "../../../../server/domain/dive-ops/manifest.server";
import { startTimeText } from "../../../lib/departure";
import { packingText } from "../../../lib/extras";
import { CrewSummary } from "../trips/CrewSummary";
import { buttonClass, EmptyState, StatCard } from "../ui";
import { BookingCard, type Write } from "./BookingCard";
import { PrintTable } from "./PrintTable";
import { plural } from "./text";

/** One date's manifest: the totals, then each departure (an adventure, at its time where it has one) as phone cards and as the paper table. */
export function ManifestBody({
  manifest,
  write,
  onError,
  onNotice,
}: {
  manifest: Manifest;
  write: Write;
  onError: (message: string) => void;
  onNotice: (tone: "success" | "error", message: string) => void;
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
          key={`${adventure.adventure_id} ${adventure.departure_time}`}
          adventure={adventure}
          write={write}
          onError={onError}
          onNotice={onNotice}
        />
      ))}
    </>
  );
}

function AdventureSection({
  adventure,
  write,
  onError,
  onNotice,
}: {
  adventure: ManifestAdventure;
  write: Write;
  onError: (message: string) => void;
  onNotice: (tone: "success" | "error", message: string) => void;
}) {
  // One section per departure: an adventure run twice on the date has a section per start time.
  const headingId = `adventure-${adventure.adventure_id}${adventure.departure_time ? `-${adventure.departure_time.replace(":", "")}` : ""}`;
  return (
    <section aria-labelledby={headingId} className="manifest-adventure space-y-3 pt-2">
      <h3 id={headingId} className="font-display text-lg font-semibold text-ocean-900">
        {adventure.departure_time ? (
          <span data-testid="manifest-departure-time" className="mr-1.5 text-reef-700">
            {startTimeText(adventure.departure_time)} ·
          </span>
        ) : null}
        {adventure.title}{" "}
        <span className="text-sm font-medium text-slate-500">
          · {plural(adventure.people, "person", "people")}
        </span>
      </h3>
      {adventure.start_time || adventure.meeting_point ? (
        <p className="text-sm text-slate-600" data-testid="manifest-meet">
          {[
            adventure.start_time && `Starts ${adventure.start_time}`,
            adventure.meeting_point && `Meet at ${adventure.meeting_point}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      ) : null}
      {adventure.gear?.length ? (
        <p className="text-sm text-slate-700" data-testid="manifest-gear">
          <span className="font-semibold">Gear to pack:</span> {packingText(adventure.gear)}
        </p>
      ) : null}
      <div className="manifest-screen-only">
        <CrewSummary crew={adventure.crew ?? []} short={adventure.crew_short ?? []} />
        {adventure.availability_id && adventure.diving ? (
          <Link
            to={`/admin/roll-call/${adventure.availability_id}`}
            className={`${buttonClass("secondary", "sm")} mt-2`}
          >
            <ListChecks aria-hidden="true" className="h-4 w-4" /> Roll call
          </Link>
        ) : null}
      </div>
      <div className="manifest-screen-only space-y-3">
        {adventure.bookings.map((b) => (
          <BookingCard
            key={b.id}
            booking={b}
            adventure={adventure}
            write={write}
            onError={onError}
            onNotice={onNotice}
          />
        ))}
      </div>
      <PrintTable adventure={adventure} />
    </section>
  );
}

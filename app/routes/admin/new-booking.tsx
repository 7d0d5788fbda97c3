import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../components/admin";
import type { BookingOptions } from "../../components/admin/new-booking/choices";
import { NewBookingForm } from "../../components/admin/new-booking/NewBookingForm";
import type { BookableAdventure } from "../../components/admin/new-booking/options";
import type { AvailabilityEntry } from "../../components/admin/types";
import { adminAction, adminGet, dataOr } from "../../lib/admin-data";
import { requestJson } from "../../lib/api";
import { sydneyDate } from "../../lib/dates";
import type { Route } from "./+types/new-booking";

const NO_OPTIONS: BookingOptions = { categories: [], extras: [] };

/**
 * The adventures come from the public list; the chosen one's dates (with
 * their free spots, closed ones too) from the admin calendar's API, its
 * price categories and extras from the console's booking options.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const adventureId = new URL(request.url).searchParams.get("adventure") ?? "";
  const [adventures, dates, options] = await Promise.all([
    requestJson<BookableAdventure[]>("GET", "/api/adventures-pro"),
    adventureId
      ? adminGet<{ dates: AvailabilityEntry[] }>(`/api/admin/availability/${encodeURIComponent(adventureId)}`)
      : null,
    adventureId
      ? adminGet<BookingOptions>(`/api/admin/adventures/${encodeURIComponent(adventureId)}/booking-options`)
      : null,
  ]);
  const today = sydneyDate();
  return {
    adventureId,
    adventures: adventures.ok ? adventures.data : [],
    loadFailed: !adventures.ok || (dates !== null && !dates.ok) || (options !== null && !options.ok),
    options: options ? dataOr(options, NO_OPTIONS) : NO_OPTIONS,
    dates: (dates ? dataOr(dates, { dates: [] }).dates : []).filter((d) => d.date >= today),
    today,
  };
}
export const clientAction = adminAction;

/** A booking taken by phone or for a walk-in: the same rules as the public form, paid one of four ways. */
export default function AdminNewBooking({ loaderData }: Route.ComponentProps) {
  const [, setParams] = useSearchParams();
  return (
    <>
      <PageHeader
        title="New booking"
        description="For a phone call or a walk-in. The spots are held as for an online booking; the customer gets the same emails."
        actions={
          <Link to="/admin/bookings" className="text-sm font-medium text-reef-700 hover:underline">
            Back to bookings
          </Link>
        }
      />
      <NewBookingForm
        key={loaderData.adventureId}
        {...loaderData}
        onAdventure={(id) =>
          setParams(id ? { adventure: id } : {}, { replace: true, preventScrollReset: true })
        }
      />
    </>
  );
}

import { useFetcher } from "react-router";
import type { loader as bookLoader } from "../../routes/public/book";
import type { DateOption } from "./flow-state";

export interface AdventureDates {
  /** The adventure these dates belong to. */
  adventure: string | null;
  list: DateOption[];
  loading: boolean;
  /** Asks /book's loader for another adventure's dates (the address a no-JavaScript visitor's card opens). */
  load(adventureId: string): void;
}

/**
 * The date list of the chosen adventure. The page's loader renders the
 * preselected adventure's dates into the HTML; choosing another with the
 * scripts running loads the same loader for it through a fetcher (the list
 * shown stays until the new one arrives), so both paths read one source.
 */
export function useAdventureDates(preselected: string | null, initialDates: DateOption[]): AdventureDates {
  const fetcher = useFetcher<typeof bookLoader>();
  const loaded = fetcher.data;
  const adventure = loaded ? loaded.preselected : preselected;
  const loading = fetcher.state !== "idle";
  return {
    adventure,
    list: loaded ? loaded.initialDates : initialDates,
    loading,
    load(adventureId) {
      // A load still under way may be for another adventure: this one replaces it.
      if (adventureId === adventure && !loading) return;
      fetcher.load(`/book?adventure=${encodeURIComponent(adventureId)}`);
    },
  };
}

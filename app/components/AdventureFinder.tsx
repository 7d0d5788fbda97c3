import { ChevronDown, LoaderCircle, RotateCcw, SearchX, TriangleAlert } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Await, Form, Link, useAsyncError, useSearchParams } from "react-router";
import type { PublicAdventure } from "../../server/domain/content/adventures.server.ts";
import {
  type AdventureFilters,
  applyFilters,
  CATEGORY_OPTIONS,
  countText,
  DURATION_OPTIONS,
  filtersToSearchParams,
  isFiltered,
  parseFilters,
  SKILL_OPTIONS,
  SORT_OPTIONS,
} from "../lib/adventure-filters";
import { submitOnChange } from "../lib/early-controls";
import { useHydrated } from "../lib/hydrated";
import { AdventureCard } from "./AdventureCard";

/** The list error shown for a non-OK answer or a network failure. */
export const LOAD_ERROR = "Failed to load adventures";

/**
 * /adventures' filters, count and cards. The filters are a GET form and the
 * server renders the list its query asks for, so before the page's scripts
 * run a changed dropdown submits the form (lib/early-controls.ts; without
 * JavaScript an Apply button does) and "Clear All Filters" is a link. With the
 * scripts the list filters in place and the query string follows, replaced.
 * The list is the server's (an array) or, after a client-side navigation, the
 * API's answer still on its way (a promise).
 */
export function AdventureFinder({
  adventures,
}: {
  adventures: PublicAdventure[] | Promise<PublicAdventure[]>;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  // The URL is the source of truth, mirrored in state so quick successive
  // changes build on each other instead of on a URL update still in flight.
  const [filters, setFiltersState] = useState(() => parseFilters(searchParams));
  useEffect(() => setFiltersState(parseFilters(new URLSearchParams(query))), [query]);

  const setFilters = (next: AdventureFilters) => {
    setFiltersState(next);
    setSearchParams(filtersToSearchParams(next), { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <FilterBar filters={filters} onChange={setFilters} />
      {Array.isArray(adventures) ? (
        // Server data: rendered inline, never behind a Suspense boundary (React may
        // stream a large boundary out of line, which pages without JavaScript never show).
        <Results list={adventures} filters={filters} />
      ) : (
        <Suspense fallback={<ListLoading />}>
          <Await resolve={adventures} errorElement={<AsyncListError />}>
            {(list) => <Results list={list} filters={filters} />}
          </Await>
        </Suspense>
      )}
    </>
  );
}

function FilterBar({
  filters,
  onChange,
}: {
  filters: AdventureFilters;
  onChange: (next: AdventureFilters) => void;
}) {
  const selects: {
    key: keyof AdventureFilters;
    label: string;
    options: { value: string; label: string }[];
  }[] = [
    { key: "category", label: "Category", options: CATEGORY_OPTIONS },
    { key: "duration", label: "Duration", options: DURATION_OPTIONS },
    { key: "skill", label: "Skill level", options: SKILL_OPTIONS },
    { key: "sort", label: "Sort by", options: SORT_OPTIONS },
  ];
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      action="/adventures"
      preventScrollReset
      replace
      {...submitOnChange(hydrated)}
      className="relative z-10 -mt-12 rounded-2xl border border-slate-200/80 bg-white px-3 pt-3.5 pb-4 shadow-lg shadow-ocean-900/5 sm:-mt-16 sm:p-6"
      aria-label="Filter adventures"
    >
      <div className="grid grid-cols-2 gap-x-2.5 gap-y-3 sm:gap-4 lg:grid-cols-4">
        {selects.map((s) => (
          <div key={s.key} className={s.key === "sort" ? "lg:border-l lg:border-slate-200 lg:pl-4" : ""}>
            <label htmlFor={`filter-${s.key}`} className="field-label">
              {s.label}
            </label>
            <div className="relative">
              <select
                id={`filter-${s.key}`}
                name={s.key}
                className="field cursor-pointer appearance-none truncate pr-8 pl-3"
                value={filters[s.key]}
                onChange={(e) => onChange({ ...filters, [s.key]: e.currentTarget.value })}
              >
                {s.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <ChevronDown
                className="pointer-events-none absolute top-1/2 right-2.5 h-4 w-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
            </div>
          </div>
        ))}
      </div>
      <noscript>
        <div className="mt-4 flex justify-end">
          <button type="submit" className="btn-teal">
            Apply filters
          </button>
        </div>
      </noscript>
    </Form>
  );
}

/** Back to the whole list: a link to the page without a query (the filters follow the address). */
function ClearFilters({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <Link to="/adventures" replace preventScrollReset className={className}>
      {children}
    </Link>
  );
}

function Results({ list, filters }: { list: PublicAdventure[]; filters: AdventureFilters }) {
  const shown = applyFilters(list, filters);
  return (
    <>
      <div className="mt-8 mb-6 flex flex-wrap items-center justify-between gap-3">
        {/* A heading, so the cards' titles (h3) sit under one: "9 adventures found". */}
        <h2
          className="font-sans text-sm font-medium text-slate-600"
          aria-live="polite"
          data-testid="adventure-count"
        >
          {countText(shown.length)}
        </h2>
        {isFiltered(filters) && shown.length > 0 && (
          <ClearFilters className="inline-flex items-center gap-1.5 text-sm font-semibold text-reef-700 hover:text-reef-600">
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Reset filters
          </ClearFilters>
        )}
      </div>
      {shown.length === 0 ? (
        <div className="card flex flex-col items-center px-6 py-16 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-reef-50 text-reef-600">
            <SearchX className="h-7 w-7" aria-hidden="true" />
          </span>
          <h2 className="mt-5 text-2xl font-semibold">No adventures found</h2>
          <p className="mt-2 max-w-md text-slate-600">
            No trip matches all of those filters right now. Try a different combination, or clear them to see
            every adventure.
          </p>
          <ClearFilters className="btn-primary mt-6">Clear All Filters</ClearFilters>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
          {shown.map((a) => (
            <li key={a.id}>
              <AdventureCard adventure={a} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ListLoading() {
  return (
    <div className="flex flex-col items-center justify-center py-24 text-slate-600" role="status">
      <LoaderCircle className="h-10 w-10 animate-spin text-reef-600" aria-hidden="true" />
      <p className="mt-4 font-medium">Loading adventures...</p>
    </div>
  );
}

export function ListError({ message }: { message: string }) {
  return (
    <div className="card mt-8 flex flex-col items-center px-6 py-16 text-center" role="alert">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-coral-50 text-coral-600">
        <TriangleAlert className="h-7 w-7" aria-hidden="true" />
      </span>
      <p className="mt-5 max-w-md text-lg font-semibold text-ocean-900">
        Error loading adventures: {message}
      </p>
      <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}

function AsyncListError() {
  const error = useAsyncError();
  return <ListError message={error instanceof Error && error.message ? error.message : LOAD_ERROR} />;
}

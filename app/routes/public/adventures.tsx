import { ChevronDown, Compass, LoaderCircle, RotateCcw, SearchX, TriangleAlert } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Await, Form, type ShouldRevalidateFunctionArgs, useAsyncError, useSearchParams } from "react-router";
import type { PublicAdventure } from "../../../server/domain/content/adventures.server";
import { listActiveAdventures } from "../../../server/domain/content/adventures.server";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { AdventureCard } from "../../components/AdventureCard";
import { Img } from "../../components/Img";
import {
  type AdventureFilters,
  applyFilters,
  CATEGORY_OPTIONS,
  countText,
  DEFAULT_FILTERS,
  DURATION_OPTIONS,
  filtersToSearchParams,
  isFiltered,
  parseFilters,
  SKILL_OPTIONS,
  SORT_OPTIONS,
} from "../../lib/adventure-filters";
import { getApp } from "../../lib/context";
import { seo } from "../../lib/seo";
import { siteInfo } from "../../lib/site";
import type { Route } from "./+types/adventures";

/** The list error shown for a non-OK answer or a network failure. */
const LOAD_ERROR = "Failed to load adventures";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const [adventures, content] = await Promise.all([listActiveAdventures(db), loadSiteContent(db)]);
  return {
    adventures: adventures as PublicAdventure[] | Promise<PublicAdventure[]>,
    content: content.adventures ?? {},
  };
}

/** The spec's call for the list: GET /api/adventures-pro, read in full. */
async function fetchAdventures(): Promise<PublicAdventure[]> {
  try {
    const res = await fetch("/api/adventures-pro", { headers: { Accept: "application/json" } });
    if (!res.ok) throw new Error(LOAD_ERROR);
    const list: unknown = await res.json();
    if (!Array.isArray(list)) throw new Error(LOAD_ERROR);
    return list as PublicAdventure[];
  } catch {
    throw new Error(LOAD_ERROR);
  }
}

/**
 * Client-side navigations: the page (header and filters) shows at once and the
 * list streams in from the API behind a spinner. The first render uses the
 * server's data (hydrate = false), so the list is in the HTML without JavaScript.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const adventures = fetchAdventures();
  // Await renders the rejection; this only stops it counting as unhandled meanwhile.
  adventures.catch(() => undefined);
  const { content } = await serverLoader();
  return { adventures, content };
}
clientLoader.hydrate = false as const;

/** Changing filters only rewrites the query string: nothing to reload. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches[0].loaderData;
  const site = siteInfo(root.content);
  const heading = loaderData?.content.adventures_hero_title || "Adventures";
  return seo({
    title: `${heading} | ${site.title}`,
    description:
      loaderData?.content.adventures_hero_description ||
      `Small-group scuba diving and camping adventures on the NSW coast with ${site.title}.`,
    path: "/adventures",
    origin: root.origin,
    image: loaderData?.content.adventures_background || undefined,
  });
};

export default function AdventuresPage({ loaderData }: Route.ComponentProps) {
  const { adventures, content } = loaderData;
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
  const clear = () => setFilters(DEFAULT_FILTERS);

  return (
    <>
      <PageHero content={content} />
      <section className="bg-sand-50 pb-20" aria-label="Adventure list">
        <div className="container-site">
          <FilterBar filters={filters} onChange={setFilters} />
          {Array.isArray(adventures) ? (
            // Server data: rendered inline, never behind a Suspense boundary (React may
            // stream a large boundary out of line, which pages without JavaScript never show).
            <Results list={adventures} filters={filters} onClear={clear} />
          ) : (
            <Suspense fallback={<ListLoading />}>
              <Await resolve={adventures} errorElement={<AsyncListError />}>
                {(list) => <Results list={list} filters={filters} onClear={clear} />}
              </Await>
            </Suspense>
          )}
        </div>
      </section>
    </>
  );
}

function PageHero({ content }: { content: Record<string, string> }) {
  return (
    <header className="relative isolate overflow-hidden bg-ocean-950 text-white">
      {content.adventures_background && (
        <Img
          src={content.adventures_background}
          alt=""
          priority
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-45"
        />
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-ocean-950/70 via-ocean-950/40 to-ocean-950/80" />
      <div className="container-site pt-14 pb-24 sm:pt-20 sm:pb-32 lg:pt-24">
        <p className="eyebrow text-reef-100">
          <Compass className="mr-1.5 inline h-4 w-4 align-[-3px]" aria-hidden="true" />
          Adventures
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-white sm:text-5xl lg:text-6xl">
          {content.adventures_hero_title}
        </h1>
        {content.adventures_hero_description && (
          <p className="mt-5 max-w-2xl text-base leading-relaxed text-ocean-100 sm:text-lg">
            {content.adventures_hero_description}
          </p>
        )}
      </div>
    </header>
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
  return (
    // A plain GET form, so the filters also work with JavaScript off (Apply button in <noscript>).
    <Form
      method="get"
      action="/adventures"
      preventScrollReset
      replace
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

function Results({
  list,
  filters,
  onClear,
}: {
  list: PublicAdventure[];
  filters: AdventureFilters;
  onClear: () => void;
}) {
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
          <button
            type="button"
            onClick={onClear}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-reef-700 hover:text-reef-600"
          >
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Reset filters
          </button>
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
          <button type="button" onClick={onClear} className="btn-primary mt-6">
            Clear All Filters
          </button>
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

function ListError({ message }: { message: string }) {
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

/** The server loader failed: the same error state, under a plain header. */
export function ErrorBoundary() {
  return (
    <>
      <PageHero content={{ adventures_hero_title: "Adventures" }} />
      <section className="bg-sand-50 pb-20">
        <div className="container-site pt-4">
          <ListError message={LOAD_ERROR} />
        </div>
      </section>
    </>
  );
}

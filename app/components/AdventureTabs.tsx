import { Backpack, CalendarX, Check, ChevronRight, HeartPulse, MapPin, Sparkles, X } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { Link } from "react-router";
import type { PublicAdventure } from "../../server/domain/content/adventures.server.ts";
import { Img } from "./Img";

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "included", label: "What's Included" },
  { id: "itinerary", label: "Itinerary" },
  { id: "details", label: "Details" },
] as const;
type TabId = (typeof TABS)[number]["id"];

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** "8:00 AM - Meet at the beach" -> { when: "8:00 AM", what: "Meet at the beach" }. */
function itineraryStep(step: string): { when: string; what: string } {
  const m = /^(.{1,24}?)\s+[-–—]\s+(.+)$/.exec(step.trim());
  return m ? { when: m[1], what: m[2] } : { when: "", what: step.trim() };
}

/**
 * The detail page's Overview, What's Included, Itinerary and Details as ARIA
 * tabs (click, arrow keys, Home and End). Without JavaScript every panel is
 * shown in turn.
 */
export function AdventureTabs({ adventure: a }: { adventure: PublicAdventure }) {
  const [active, setActive] = useState<TabId>("overview");
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  // Arrow keys, Home and End move between tabs and select them (WAI-ARIA tabs pattern).
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.findIndex((t) => t.id === active);
    const next =
      e.key === "ArrowRight"
        ? (i + 1) % TABS.length
        : e.key === "ArrowLeft"
          ? (i - 1 + TABS.length) % TABS.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setActive(TABS[next].id);
    refs.current[TABS[next].id]?.focus();
  };

  return (
    <div>
      {/* Without JavaScript the tabs cannot switch, so every panel is shown in turn. */}
      <noscript>
        <style>{"[data-tablist]{display:none!important}[data-tabpanel]{display:block!important}"}</style>
      </noscript>
      <div
        role="tablist"
        aria-label="Adventure information"
        data-tablist
        className="flex justify-between gap-1 overflow-x-auto border-b border-slate-200 sm:justify-start"
      >
        {TABS.map((t) => {
          const selected = t.id === active;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(t.id)}
              onKeyDown={onKeyDown}
              className={`relative -mb-px shrink-0 border-b-2 px-1.5 py-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-5 sm:text-base ${
                selected
                  ? "border-coral-600 text-ocean-900"
                  : "border-transparent text-slate-500 hover:border-slate-300 hover:text-ocean-900"
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>

      <Panel id="overview" active={active}>
        <h2 className="sr-only">Overview</h2>
        <div className="space-y-4 text-base leading-relaxed text-slate-700 sm:text-lg">
          {paragraphs(a.full_description || a.short_description).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        {a.highlights.length > 0 && (
          <section className="mt-10" aria-labelledby="highlights-title">
            <h3 id="highlights-title" className="flex items-center gap-2 text-xl font-semibold">
              <Sparkles className="h-5 w-5 text-reef-600" aria-hidden="true" />
              Highlights
            </h3>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {a.highlights.map((h) => (
                <li key={h} className="flex gap-3 rounded-xl bg-reef-50/70 p-4 text-slate-700">
                  <Check className="mt-0.5 h-5 w-5 flex-none text-reef-600" aria-hidden="true" />
                  <span>{h}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {a.best_for.length > 0 && (
          <section className="mt-10" aria-labelledby="bestfor-title">
            <h3 id="bestfor-title" className="text-xl font-semibold">
              Best For
            </h3>
            <ul className="mt-4 flex flex-wrap gap-2">
              {a.best_for.map((b) => (
                <li
                  key={b}
                  className="rounded-full border border-ocean-900/10 bg-ocean-50 px-3.5 py-1.5 text-sm font-medium text-ocean-800"
                >
                  {b}
                </li>
              ))}
            </ul>
          </section>
        )}
        {a.gallery_images.length > 0 && (
          <ul className="mt-10 grid grid-cols-3 gap-2 sm:gap-3" aria-label="Photos">
            {a.gallery_images.slice(0, 3).map((src, i) => (
              <li key={src} className="aspect-[4/3] overflow-hidden rounded-xl bg-ocean-100">
                <Img
                  src={src}
                  alt={`${a.title}: photo ${i + 1}`}
                  sizes="(min-width: 1024px) 260px, 33vw"
                  className="h-full w-full object-cover"
                />
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel id="included" active={active}>
        <div className="grid gap-6 md:grid-cols-2">
          <section
            className="rounded-2xl border border-reef-100 bg-reef-50/60 p-6"
            aria-labelledby="inc-title"
          >
            <h2 id="inc-title" className="text-xl font-semibold">
              What's Included
            </h2>
            <ul className="mt-4 space-y-3">
              {a.included_items.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <Check className="mt-0.5 h-5 w-5 flex-none text-reef-600" aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </section>
          {a.excluded_items.length > 0 && (
            <section
              className="rounded-2xl border border-slate-200 bg-slate-50 p-6"
              aria-labelledby="exc-title"
            >
              <h2 id="exc-title" className="text-xl font-semibold">
                Not Included
              </h2>
              <ul className="mt-4 space-y-3">
                {a.excluded_items.map((item) => (
                  <li key={item} className="flex gap-3 text-slate-600">
                    <X className="mt-0.5 h-5 w-5 flex-none text-slate-400" aria-hidden="true" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </Panel>

      <Panel id="itinerary" active={active}>
        <h2 className="text-xl font-semibold">Itinerary</h2>
        {a.itinerary.length === 0 ? (
          <p className="mt-4 text-slate-600">The detailed plan for the day is shared when you book.</p>
        ) : (
          <ol className="relative mt-6 ml-2 border-l-2 border-reef-100">
            {a.itinerary.map((step, i) => {
              const { when, what } = itineraryStep(step);
              return (
                <li key={i} className="relative pb-7 pl-7 last:pb-0">
                  <span
                    className="absolute top-1 -left-[9px] h-4 w-4 rounded-full border-2 border-white bg-reef-500 ring-2 ring-reef-100"
                    aria-hidden="true"
                  />
                  {when && <p className="text-sm font-semibold tracking-wide text-reef-700">{when}</p>}
                  <p className="mt-0.5 text-slate-700">{what}</p>
                </li>
              );
            })}
          </ol>
        )}
      </Panel>

      <Panel id="details" active={active}>
        <h2 className="sr-only">Details</h2>
        <div className="grid gap-5 md:grid-cols-2">
          <DetailBox icon={MapPin} title="Meeting Location">
            <p>{a.meeting_point || a.location}</p>
            {a.location && a.meeting_point && (
              <p className="mt-2 text-sm text-slate-500">
                <span className="font-medium text-slate-600">Location:</span> {a.location}
              </p>
            )}
          </DetailBox>
          <DetailBox icon={Backpack} title="What to Bring">
            {a.what_to_bring.length > 0 ? (
              <ul className="space-y-1.5">
                {a.what_to_bring.map((w) => (
                  <li key={w} className="flex gap-2">
                    <Check className="mt-1 h-4 w-4 flex-none text-reef-600" aria-hidden="true" />
                    <span>{w}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p>Just yourself: everything you need is provided.</p>
            )}
          </DetailBox>
          <DetailBox icon={HeartPulse} title="Health & Safety">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium text-slate-500">Minimum age</dt>
              <dd>{a.min_age} years</dd>
              <dt className="font-medium text-slate-500">Maximum age</dt>
              <dd>{a.max_age ? `${a.max_age} years` : "No upper limit"}</dd>
              <dt className="font-medium text-slate-500">Certification</dt>
              <dd>
                {a.requires_certification
                  ? "Open Water certification (or equivalent) required"
                  : "No certification needed"}
              </dd>
            </dl>
            {a.fitness_requirements && <p className="mt-3 text-sm">{a.fitness_requirements}</p>}
          </DetailBox>
          <DetailBox icon={CalendarX} title="Cancellation Policy">
            <p className="text-sm">{a.cancellation_policy || "See our full cancellation policy."}</p>
            <Link
              to="/cancellation"
              className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-reef-700 hover:text-reef-600"
            >
              Full cancellation policy
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </DetailBox>
        </div>
      </Panel>
    </div>
  );
}

function Panel({ id, active, children }: { id: TabId; active: TabId; children: React.ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`panel-${id}`}
      aria-labelledby={`tab-${id}`}
      data-tabpanel
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes panels focusable
      tabIndex={0}
      className={`pt-8 focus-visible:rounded-lg ${id === active ? "" : "hidden"}`}
    >
      {children}
    </div>
  );
}

function DetailBox({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof MapPin;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-700 sm:p-6">
      <h3 className="flex items-center gap-2.5 text-lg font-semibold">
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-reef-50 text-reef-600">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
        {title}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

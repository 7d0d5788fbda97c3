import {
  CalendarDays,
  ClipboardList,
  Compass,
  CreditCard,
  Database,
  DollarSign,
  Images,
  Lightbulb,
  Mail,
  Plus,
  Settings,
  SquarePen,
  Upload,
} from "lucide-react";
import { Link } from "react-router";
import type { ProAnalytics as Analytics } from "../../../server/domain/console/dashboard.server";
import { Badge, buttonClass, Card, EmptyState, StatCard } from "../../components/admin";
import { loadNotReady, NotReadyCard } from "../../components/admin/NotReadyCard";
import { loadWeatherCounts, WeatherCard } from "../../components/admin/WeatherCard";
import { WeeklyChart } from "../../components/admin/WeeklyChart";
import { adminGet, dataOr } from "../../lib/admin-data";
import { formatWholeDollars } from "../../lib/money";
import { siteInfo } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/pro-dashboard";

const QUICK_ACTIONS = [
  {
    to: "/admin/adventures-pro?action=create",
    label: "Add Adventure",
    hint: "Create a new trip",
    Icon: Plus,
  },
  {
    to: "/admin/calendar-pro",
    label: "Manage Calendar",
    hint: "Publish dates and spots",
    Icon: CalendarDays,
  },
  { to: "/admin/media-pro", label: "Media Library", hint: "Upload photos and videos", Icon: Images },
  { to: "/admin/website-pro", label: "Edit Website", hint: "Change page text and images", Icon: SquarePen },
  {
    to: "/admin/bookings-pro",
    label: "View Bookings",
    hint: "Check and settle bookings",
    Icon: ClipboardList,
  },
  { to: "/admin/settings-pro", label: "Settings", hint: "Contact and notification email", Icon: Settings },
] as const;

const TIPS = [
  "Publish dates a few weeks ahead: most guests book 1-3 weeks before their trip.",
  "Close a date (mark it unavailable) instead of deleting it when the weather turns; booked guests keep their record.",
  "Reply to contact messages within a day: quick answers turn questions into bookings.",
  "Keep photos bright and recent; the first gallery image of an adventure is what people see in lists.",
];

function greeting(): string {
  const hour = Number(
    new Intl.DateTimeFormat("en-AU", {
      hour: "numeric",
      hourCycle: "h23",
      timeZone: "Australia/Sydney",
    }).format(new Date()),
  );
  return hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
}

export async function clientLoader() {
  const notReady = loadNotReady();
  const weather = loadWeatherCounts();
  const analytics = await adminGet<Analytics>("/api/admin/analytics/dashboard");
  // This dashboard's failures are only logged: its cards show "–" and its panels say they are
  // unavailable. Signed out (401) is no failure: the login screen shows instead of the page.
  if (!analytics.ok && analytics.status !== 401) {
    console.error("Failed to load dashboard analytics", analytics.status, analytics.detail);
  }
  return { analytics, notReady: await notReady, weather: await weather };
}

export default function ProDashboard({ loaderData }: Route.ComponentProps) {
  const site = siteInfo(useRootData().content);
  const data = dataOr<Analytics | null>(loaderData.analytics, null);
  // The screen renders only in the browser (the admin layout's loader runs there), so the
  // greeting can use the Sydney hour at once.
  const hello = greeting();

  const today = new Intl.DateTimeFormat("en-AU", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Australia/Sydney",
  }).format(new Date());

  return (
    <div className="space-y-6">
      <title>Dashboard | Admin</title>
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-ocean-900 via-ocean-800 to-reef-700 px-5 py-6 text-white shadow-sm sm:px-8 sm:py-8">
        <p className="text-sm text-ocean-100" suppressHydrationWarning>
          {today}
        </p>
        <h1 className="mt-1 font-display text-2xl font-semibold text-white sm:text-3xl">
          {hello}, welcome to your dashboard
        </h1>
        <p className="mt-2 max-w-2xl text-sm text-ocean-100 sm:text-base">
          Here is how {site.title} is doing. Bookings, messages and dates are one tap away.
        </p>
        <div className="mt-5 flex flex-wrap gap-2">
          <Link to="/admin/bookings" className={buttonClass("primary", "sm")}>
            View bookings
          </Link>
          <Link
            to="/admin/contacts"
            className="inline-flex min-h-9 items-center rounded-xl border border-white/40 bg-white/10 px-3 py-1.5 text-sm font-semibold text-white hover:bg-white/20"
          >
            Read messages
          </Link>
        </div>
      </section>

      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard
          label="Total Bookings"
          value={data ? data.total_bookings.toLocaleString("en-AU") : "–"}
          hint="Last 30 days"
          icon={<ClipboardList className="h-5 w-5" />}
          tone="ocean"
        />
        <StatCard
          label="Revenue"
          value={data ? formatWholeDollars(data.total_revenue) : "–"}
          hint={
            data?.extras_revenue
              ? `AUD, paid bookings net of refunds; extras ${formatWholeDollars(data.extras_revenue)}`
              : "AUD, paid bookings net of refunds"
          }
          icon={<DollarSign className="h-5 w-5" />}
          tone="reef"
        />
        <StatCard
          label="Adventures"
          value={data ? data.total_adventures : "–"}
          hint="Active"
          icon={<Compass className="h-5 w-5" />}
          tone="coral"
        />
        <StatCard
          label="Media Assets"
          value={data ? data.total_media_assets : "–"}
          hint="Files in the media library"
          icon={<Images className="h-5 w-5" />}
          tone="sand"
        />
      </section>

      <NotReadyCard result={loaderData.notReady} />

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-3 font-sans text-base font-semibold text-ocean-900">
          Quick actions
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {QUICK_ACTIONS.map(({ to, label, hint, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-reef-500/50 hover:shadow-md"
              >
                <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-reef-50 text-reef-700 group-hover:bg-reef-100">
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span className="text-sm font-semibold text-ocean-900">{label}</span>
                <span className="text-xs text-slate-500">{hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-6 xl:grid-cols-3">
        <Card title="Bookings and revenue" description="Per week, last 12 weeks" className="xl:col-span-2">
          {data ? <WeeklyChart data={data.weekly} /> : <ChartUnavailable />}
        </Card>

        <Card title="Popular Adventures" description="By number of bookings" bodyClassName="">
          {!data || data.popular_adventures.length === 0 ? (
            <EmptyState title="No adventures yet" />
          ) : (
            <ol className="divide-y divide-slate-100">
              {data.popular_adventures.map((a, i) => (
                <li key={a._id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600">
                    {i + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 text-sm font-medium text-ocean-900">{a.title}</p>
                    <p className="text-xs text-slate-500">
                      {a.booking_count} booking{a.booking_count === 1 ? "" : "s"} · {a.view_count} view
                      {a.view_count === 1 ? "" : "s"}
                    </p>
                  </div>
                  <Link
                    to={`/admin/adventures-pro/${encodeURIComponent(a._id)}`}
                    className="rounded-lg px-2.5 py-1.5 text-sm font-semibold text-reef-700 hover:bg-reef-50"
                    aria-label={`Manage ${a.title}`}
                  >
                    Manage
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>

      <WeatherCard counts={loaderData.weather} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="System overview">
          {data ? (
            <dl className="grid gap-3 text-sm">
              <OverviewRow icon={<Database className="h-4 w-4" />} label="Database">
                {data.system.database === "postgres" ? "PostgreSQL" : "Embedded database (PGlite)"}
              </OverviewRow>
              <OverviewRow icon={<CreditCard className="h-4 w-4" />} label="Payments">
                {data.system.payment_mode === "stripe" ? (
                  <Badge tone="green">Stripe</Badge>
                ) : (
                  <Badge tone="amber">Test checkout</Badge>
                )}
              </OverviewRow>
              <OverviewRow icon={<Mail className="h-4 w-4" />} label="Email">
                {data.system.email_configured ? (
                  <Badge tone="green">Configured</Badge>
                ) : (
                  <Badge tone="amber">Not configured</Badge>
                )}
                <span className="ml-2 text-slate-500">
                  {data.system.outbox_pending} waiting to send
                  {data.system.outbox_failed ? `, ${data.system.outbox_failed} failed` : ""}
                </span>
              </OverviewRow>
              <OverviewRow icon={<Upload className="h-4 w-4" />} label="Uploads">
                {data.system.uploads} file{data.system.uploads === 1 ? "" : "s"} uploaded
              </OverviewRow>
            </dl>
          ) : (
            <p className="text-sm text-slate-500">The overview is not available right now.</p>
          )}
        </Card>

        <Card title="Tips">
          <ul className="space-y-3">
            {TIPS.map((tip) => (
              <li key={tip} className="flex gap-3 text-sm text-slate-700">
                <Lightbulb aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-500" />
                <span>{tip}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}

function ChartUnavailable() {
  return <p className="py-10 text-center text-sm text-slate-500">The chart is not available right now.</p>;
}

function OverviewRow({
  icon,
  label,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <dt className="flex w-28 items-center gap-2 text-slate-500">
        <span aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}

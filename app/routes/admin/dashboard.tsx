import {
  CheckCircle2,
  ClipboardList,
  Clock,
  DollarSign,
  Inbox,
  Mail,
  Newspaper,
  TrendingUp,
} from "lucide-react";
import { Link } from "react-router";
import type { OldDashboardStats as Stats } from "../../../server/domain/console/dashboard.server";
import { Alert, Card, EmptyState, PageHeader, StatCard } from "../../components/admin";
import { BookingStatusBadge } from "../../components/admin/status";
import { adminGet, dataOr, failureText } from "../../lib/admin-data";
import { formatDateAU } from "../../lib/dates";
import { formatDollars } from "../../lib/money";
import type { Route } from "./+types/dashboard";

export async function clientLoader() {
  return { stats: await adminGet<Stats>("/api/admin/dashboard/stats") };
}

/** The old overview: four cards, three quick stats, five recent bookings. */
export default function OldDashboard({ loaderData }: Route.ComponentProps) {
  const stats = dataOr<Stats | null>(loaderData.stats, null);
  const error = failureText(loaderData.stats, "Failed to fetch dashboard statistics");

  const s = stats?.booking_stats;
  return (
    <>
      <PageHeader title="Overview" description="Bookings, revenue, subscribers and messages at a glance." />
      {error ? (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      {stats && s ? (
        <div className="space-y-6">
          <section aria-label="Bookings and revenue" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
            <StatCard
              label="Total Bookings"
              value={s.total_bookings}
              icon={<ClipboardList className="h-5 w-5" />}
            />
            <StatCard
              label="Completed Bookings"
              value={s.completed_bookings}
              icon={<CheckCircle2 className="h-5 w-5" />}
              tone="reef"
            />
            <StatCard
              label="Total Revenue"
              value={formatDollars(s.total_revenue)}
              icon={<DollarSign className="h-5 w-5" />}
              tone="coral"
            />
            <StatCard
              label="Avg Booking Value"
              value={formatDollars(s.average_booking_value)}
              icon={<TrendingUp className="h-5 w-5" />}
              tone="sand"
            />
          </section>

          <div className="grid gap-6 lg:grid-cols-3">
            <Card title="Quick stats">
              <dl className="divide-y divide-slate-100 text-sm">
                <QuickStat
                  icon={<Clock className="h-4 w-4" />}
                  label="Pending Bookings"
                  value={s.pending_bookings}
                  to="/admin/bookings?status=pending_payment"
                />
                <QuickStat
                  icon={<Newspaper className="h-4 w-4" />}
                  label="Newsletter Subscribers"
                  value={stats.total_newsletter_subscribers}
                  to="/admin/newsletter"
                />
                <QuickStat
                  icon={<Mail className="h-4 w-4" />}
                  label="Contact Messages"
                  value={stats.total_contact_messages}
                  to="/admin/contacts"
                />
              </dl>
            </Card>

            <Card
              title="Recent bookings"
              className="lg:col-span-2"
              bodyClassName=""
              actions={
                <Link to="/admin/bookings" className="text-sm font-semibold text-reef-700 hover:underline">
                  All bookings
                </Link>
              }
            >
              {stats.recent_bookings.length === 0 ? (
                <EmptyState icon={<Inbox className="h-6 w-6" />} title="No bookings yet" />
              ) : (
                <ul className="divide-y divide-slate-100">
                  {stats.recent_bookings.map((b) => (
                    <li key={b.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-5">
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium text-ocean-900">
                          {b.customer_first_name} {b.customer_last_name}
                        </p>
                        <p className="truncate text-xs text-slate-500">
                          {b.adventure_title} · {formatDateAU(b.selected_date)} · {b.group_size} guest
                          {b.group_size === 1 ? "" : "s"}
                        </p>
                      </div>
                      <span className="text-sm font-medium whitespace-nowrap">
                        {formatDollars(b.total_amount, b.currency)}
                      </span>
                      <BookingStatusBadge status={b.booking_status} />
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </div>
      ) : null}
    </>
  );
}

function QuickStat({
  icon,
  label,
  value,
  to,
}: {
  icon: React.ReactNode;
  label: string;
  value: number;
  to: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <dt className="flex items-center gap-2 text-slate-600">
        <span aria-hidden="true" className="text-slate-400">
          {icon}
        </span>
        <Link to={to} className="hover:text-ocean-900 hover:underline">
          {label}
        </Link>
      </dt>
      <dd className="font-display text-xl font-semibold text-ocean-900">{value}</dd>
    </div>
  );
}

import { BellRing, UserMinus } from "lucide-react";
import { formatDateAU } from "../../lib/dates";
import { peopleText } from "../../lib/group-size";
import { sydneyTimeText } from "../../lib/waitlist";
import { Badge, type BadgeTone } from "./ui/badge";
import { Button } from "./ui/button";
import { Card, EmptyState } from "./ui/layout";

/** One waitlist entry as GET /api/admin/waitlist answers it. */
export interface WaitlistEntry {
  id: string;
  date: string;
  email: string;
  group_size: number;
  status: "waiting" | "offered" | "booked" | "expired" | "removed";
  joined_at: string;
  offer_expires_at: string | null;
}

const STATUS: Record<WaitlistEntry["status"], { label: string; tone: BadgeTone }> = {
  waiting: { label: "Waiting", tone: "blue" },
  offered: { label: "Offered", tone: "amber" },
  booked: { label: "Booked", tone: "green" },
  expired: { label: "Offer expired", tone: "slate" },
  removed: { label: "Removed", tone: "slate" },
};

/** Still in the queue: waiting, or holding a live offer link. */
export const isActive = (e: WaitlistEntry) => e.status === "waiting" || e.status === "offered";

/** Entries per date, in queue order. */
export function byDate(entries: WaitlistEntry[]): Map<string, WaitlistEntry[]> {
  const out = new Map<string, WaitlistEntry[]>();
  for (const e of entries) out.set(e.date, [...(out.get(e.date) ?? []), e]);
  return out;
}

/**
 * The calendar's waitlist: each upcoming date with people on its list, opened
 * to show who (email, group, status, when they joined, when an offer ends)
 * with a Remove action.
 */
export function WaitlistPanel({
  entries,
  onRemove,
}: {
  entries: WaitlistEntry[];
  onRemove: (entry: WaitlistEntry) => void;
}) {
  const dates = [...byDate(entries)];
  return (
    <Card
      title="Waitlist"
      description="People waiting for a spot on a full date, first in line first"
      bodyClassName=""
    >
      {dates.length === 0 ? (
        <EmptyState icon={<BellRing className="h-6 w-6" />} title="Nobody is waiting">
          When a date is full, visitors can ask to hear when a spot opens.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {dates.map(([date, list]) => {
            const active = list.filter(isActive).length;
            return (
              <li key={date} data-testid="waitlist-date" data-date={date}>
                <details className="group px-4 py-3 sm:px-5">
                  <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2">
                    <span className="font-medium text-ocean-900">{formatDateAU(date, "full")}</span>
                    <Badge tone={active > 0 ? "amber" : "slate"}>
                      <span data-testid="waitlist-count">{active}</span>&nbsp;waiting
                    </Badge>
                    <span className="text-sm text-reef-700 group-open:hidden">Show list</span>
                    <span className="hidden text-sm text-reef-700 group-open:inline">Hide list</span>
                  </summary>
                  <ol className="mt-3 space-y-2" aria-label={`Waitlist for ${formatDateAU(date, "full")}`}>
                    {list.map((e) => (
                      <li
                        key={e.id}
                        data-testid="waitlist-entry"
                        className="flex flex-col gap-2 rounded-xl border border-slate-200 px-3 py-2.5 sm:flex-row sm:items-center"
                      >
                        <div className="min-w-0 flex-1">
                          <p className="font-medium break-all text-slate-800">{e.email}</p>
                          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                            <span>{peopleText(e.group_size)}</span>
                            <Badge tone={STATUS[e.status].tone}>{STATUS[e.status].label}</Badge>
                            <span>Joined {sydneyTimeText(e.joined_at)}</span>
                            {e.status === "offered" && e.offer_expires_at ? (
                              <span>Offer ends {sydneyTimeText(e.offer_expires_at)}</span>
                            ) : null}
                          </p>
                        </div>
                        {isActive(e) ? (
                          <Button
                            size="sm"
                            variant="danger"
                            onClick={() => onRemove(e)}
                            aria-label={`Remove ${e.email} from the waitlist for ${formatDateAU(date)}`}
                          >
                            <UserMinus aria-hidden="true" className="h-4 w-4" />
                            Remove
                          </Button>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

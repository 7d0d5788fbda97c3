import { BellRing, UserMinus } from "lucide-react";
import { formatDateAU } from "../../lib/dates";
import { peopleText } from "../../lib/group-size";
import { sydneyTimeText } from "../../lib/waitlist";
import { Badge, type BadgeTone, Button, Card, EmptyState } from "./ui";

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
                  <div className="mt-3 overflow-x-auto">
                    <table className="w-full min-w-[36rem] text-left text-sm">
                      <caption className="sr-only">Waitlist for {formatDateAU(date, "full")}</caption>
                      <thead className="text-xs text-slate-500 uppercase">
                        <tr>
                          <th scope="col" className="py-1.5 pr-3 font-semibold">
                            Email
                          </th>
                          <th scope="col" className="py-1.5 pr-3 font-semibold">
                            Group
                          </th>
                          <th scope="col" className="py-1.5 pr-3 font-semibold">
                            Status
                          </th>
                          <th scope="col" className="py-1.5 pr-3 font-semibold">
                            Joined
                          </th>
                          <th scope="col" className="py-1.5 pr-3 font-semibold">
                            Offer ends
                          </th>
                          <th scope="col" className="py-1.5 font-semibold">
                            <span className="sr-only">Actions</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-slate-100">
                        {list.map((e) => (
                          <tr key={e.id} data-testid="waitlist-entry">
                            <td className="py-2 pr-3 break-all text-slate-800">{e.email}</td>
                            <td className="py-2 pr-3 whitespace-nowrap">{peopleText(e.group_size)}</td>
                            <td className="py-2 pr-3">
                              <Badge tone={STATUS[e.status].tone}>{STATUS[e.status].label}</Badge>
                            </td>
                            <td className="py-2 pr-3 whitespace-nowrap text-slate-600">
                              {sydneyTimeText(e.joined_at)}
                            </td>
                            <td className="py-2 pr-3 whitespace-nowrap text-slate-600">
                              {e.status === "offered" && e.offer_expires_at
                                ? sydneyTimeText(e.offer_expires_at)
                                : "—"}
                            </td>
                            <td className="py-2 text-right">
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
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

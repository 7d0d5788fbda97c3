/**
 * Each person's view of their own admin sessions (the owner's have no staff
 * id): which are live (device, address, last use), and ending one or all of
 * them; the owner reads a member's the same way. A session is named by its own
 * random id; nothing here answers a token or a token's hash.
 */
import { and, desc, eq, gt, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { AdminSession } from "../../../app/lib/admin-security.ts";
import type { DB } from "../../db/client.server.ts";
import { adminSessions } from "../../db/schema.ts";
import { hashToken, IDLE_TIMEOUT_MS } from "./auth.server.ts";
import { describeDevice } from "./device-name.ts";

/** What verifySession accepts, as a filter: not revoked, within both expiries. */
const live = (now: Date) =>
  and(
    isNull(adminSessions.revokedAt),
    gt(adminSessions.expiresAt, now),
    gt(adminSessions.lastUsedAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
  );

/** One person's sessions: null is the owner's. */
const of = (holder: string | null): SQL =>
  holder === null ? isNull(adminSessions.staffId) : eq(adminSessions.staffId, holder);

/** Live sessions matching `whose`, the most recently used first, with their holder. */
function liveRows(db: DB, now: Date, whose: SQL | undefined) {
  return db
    .select({
      id: adminSessions.id,
      staffId: adminSessions.staffId,
      tokenHash: adminSessions.tokenHash,
      userAgent: adminSessions.userAgent,
      address: adminSessions.address,
      createdAt: adminSessions.createdAt,
      lastUsedAt: adminSessions.lastUsedAt,
    })
    .from(adminSessions)
    .where(and(live(now), whose))
    .orderBy(desc(adminSessions.lastUsedAt), desc(adminSessions.createdAt));
}

type LiveRow = Awaited<ReturnType<typeof liveRows>>[number];

const listed = (r: LiveRow, mine: string): AdminSession => ({
  id: r.id,
  device: describeDevice(r.userAgent),
  address: r.address,
  signed_in_at: r.createdAt.toISOString(),
  last_used_at: r.lastUsedAt.toISOString(),
  current: r.tokenHash === mine,
});

/** One person's live sessions, the most recently used first; `current` marks the one holding `token`. */
export async function listSessions(
  db: DB,
  now: Date,
  token: string,
  holder: string | null,
): Promise<AdminSession[]> {
  const mine = hashToken(token);
  return (await liveRows(db, now, of(holder))).map((r) => listed(r, mine));
}

/** Every member's live sessions, by member (the owner's staff screen); none is the caller's. */
export async function membersSessions(db: DB, now: Date): Promise<Map<string, AdminSession[]>> {
  const byMember = new Map<string, AdminSession[]>();
  for (const r of await liveRows(db, now, isNotNull(adminSessions.staffId))) {
    const staffId = r.staffId as string;
    byMember.set(staffId, [...(byMember.get(staffId) ?? []), listed(r, "")]);
  }
  return byMember;
}

/** Ends one of a person's live sessions by its id; false when there is none (ended already, another's, or never existed). */
export async function revokeSessionById(
  db: DB,
  id: string,
  now: Date,
  holder: string | null,
): Promise<boolean> {
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.id, id), live(now), of(holder)))
    .returning({ id: adminSessions.id });
  return rows.length > 0;
}

/**
 * Who is making the request being served, for the audit log. The admin
 * middleware runs each console call inside `withActor`; domain code that
 * writes reads it with `currentActor`, so a rule shared by the console and
 * the customer's own pages (a cancellation, a participant's details) records
 * an entry only when the console made the call. An AsyncLocalStorage is
 * request-scoped: it follows the request's own awaits and holds nothing
 * between requests, so several processes still behave as one.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface AuditActor {
  /** The staff member; null is the owner (the site's own password). */
  staffId: string | null;
  /** The client's address as the server saw it (after the trusted proxy hops). */
  address: string;
}

const storage = new AsyncLocalStorage<AuditActor>();

/** Runs `work` with `actor` as the author of every audited write it makes. */
export function withActor<T>(actor: AuditActor, work: () => Promise<T>): Promise<T> {
  return storage.run(actor, work);
}

/** The console user making the current request, or null outside a console call. */
export function currentActor(): AuditActor | null {
  return storage.getStore() ?? null;
}

/**
 * A page's loader or action that failed, caught or not. The database away
 * (errors.server.ts) is not the page's fault: it marks the page's outcome, so
 * the server answers 503 with Retry-After around whatever the route rendered
 * (a form keeps its values and says to try again; an uncaught one is the error
 * page), and it is one warning. Anything else is an error with its stack.
 */
import type { AppLoadContext } from "../app/lib/context.ts";
import { databaseUnavailable } from "./errors.server.ts";

export function pageFailed(
  app: Pick<AppLoadContext, "log" | "outcome">,
  msg: string,
  error: unknown,
  fields: Record<string, unknown> = {},
): void {
  const reason = databaseUnavailable(error);
  if (reason) {
    app.outcome.databaseUnavailable = true;
    app.log.warn("database unavailable", { ...fields, during: msg, reason });
    return;
  }
  app.log.error(msg, { ...fields, error });
}

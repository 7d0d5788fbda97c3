/**
 * Which errors mean "the database is away" (answered 503 with Retry-After, a
 * warning in the log) rather than a fault of ours (500, an error with its
 * stack) or bad input (4xx), and what a page render does with one.
 */
import { DrizzleQueryError } from "drizzle-orm";
import { RouterContextProvider, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { handleError } from "../../app/entry.server.tsx";
import { type AppLoadContext, appContext } from "../../app/lib/context.ts";
import { databaseUnavailable, fromDatabaseError } from "../../server/errors.server.ts";
import { createLogger } from "../../server/log.server.ts";

/** An error as node-postgres gives one from the server (a DatabaseError with a SQLSTATE and a severity). */
function pgError(code: string, message: string) {
  return Object.assign(new Error(message), { code, severity: "FATAL" });
}

/** As Drizzle wraps a failed query: the SQL and its parameters in the message, the driver's error as the cause. */
const failedQuery = (cause: Error) => new DrizzleQueryError("select 1", ["secret@example.com"], cause);

describe("databaseUnavailable", () => {
  it.each([
    [
      "the server stopping (a restart or failover)",
      failedQuery(pgError("57P01", "terminating connection due to administrator command")),
      "57P01",
    ],
    ["the server starting up", pgError("57P03", "the database system is starting up"), "57P03"],
    [
      "a backend crash ending every connection",
      pgError("57P02", "terminating connection because of crash of another server process"),
      "57P02",
    ],
    ["a connection exception", pgError("08006", "connection failure"), "08006"],
    ["no connection slots", pgError("53300", "sorry, too many clients already"), "53300"],
    [
      "a primary that became a standby",
      pgError("25006", "cannot execute INSERT in a read-only transaction"),
      "25006",
    ],
    [
      "a refused connection",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      "ECONNREFUSED",
    ],
    [
      "a connection cut mid-query",
      failedQuery(new Error("Connection terminated unexpectedly")),
      "connection lost",
    ],
    [
      "no connection within the pool's wait",
      new Error("timeout exceeded when trying to connect"),
      "connection lost",
    ],
    [
      "a transaction's connection that died",
      new Error("Client has encountered a connection error and is not queryable"),
      "connection lost",
    ],
    [
      "several parts that all met it",
      new AggregateError(
        [pgError("57P01", "terminating"), new Error("Connection terminated unexpectedly")],
        "trip jobs failed",
      ),
      "57P01",
    ],
  ])("is %s", (_name, error, reason) => {
    expect(databaseUnavailable(error)).toBe(reason);
    // Never also taken for the client's bad input.
    expect(fromDatabaseError(error)).toBe(null);
  });

  it.each([
    [
      "a unique violation (the client's 409)",
      failedQuery(Object.assign(new Error("duplicate key"), { code: "23505", severity: "ERROR" })),
    ],
    [
      "a value too long (the client's 400)",
      Object.assign(new Error("value too long"), { code: "22001", severity: "ERROR" }),
    ],
    ["a deadlock", Object.assign(new Error("deadlock detected"), { code: "40P01", severity: "ERROR" })],
    ["a bug of ours", new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      "parts of which only one met it",
      new AggregateError([pgError("57P01", "terminating"), new TypeError("bug")]),
    ],
    ["not an error at all", "Connection terminated"],
  ])("is not %s", (_name, error) => {
    expect(databaseUnavailable(error)).toBe(null);
  });
});

describe("a page render that fails", () => {
  function render() {
    const lines: string[] = [];
    const log = createLogger("debug", (line) => {
      lines.push(line);
      return true;
    });
    const app = { log, outcome: { databaseUnavailable: false } } as unknown as AppLoadContext;
    const context = new RouterContextProvider();
    context.set(appContext, app);
    const request = new Request("http://localhost/my-booking/0123456789abcdef");
    const fail = (error: unknown) => handleError(error, { request, context, params: {} });
    return { lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>), app, fail };
  }

  it("for the database away is marked for the server's 503 and logged as one warning without a stack", () => {
    const page = render();
    page.fail(failedQuery(pgError("57P01", "terminating connection due to administrator command")));
    expect(page.app.outcome.databaseUnavailable).toBe(true);
    expect(page.lines()).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "database unavailable",
        reason: "57P01",
        path: "/my-booking/[redacted]",
      }),
    ]);
    expect(JSON.stringify(page.lines())).not.toContain("stack");
  });

  it("for a client's error the router answered (4xx) adds nothing to the request's own line", () => {
    const page = render();
    page.fail(
      new UNSAFE_ErrorResponseImpl(
        405,
        "Method Not Allowed",
        new Error('You made a PUT request to "/my-booking/..."'),
        true,
      ),
    );
    page.fail(new UNSAFE_ErrorResponseImpl(404, "Not Found", null));
    expect(page.lines()).toEqual([]);
    expect(page.app.outcome.databaseUnavailable).toBe(false);
  });

  it("for a fault of ours is an error with its stack, and the page stays a 500", () => {
    const page = render();
    page.fail(new TypeError("bug"));
    expect(page.lines()).toEqual([expect.objectContaining({ level: "error", msg: "page request failed" })]);
    expect(JSON.stringify(page.lines())).toContain("stack");
    expect(page.app.outcome.databaseUnavailable).toBe(false);
  });
});

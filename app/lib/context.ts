import { createContext, type RouterContextProvider } from "react-router";
import type { DB } from "../../server/db/client.server.ts";
import type { BookingDeps } from "../../server/domain/money/checkout-ledger.server.ts";
import type { Env } from "../../server/env.server.ts";
import type { Logger } from "../../server/log.server.ts";
import type { TestCheckout } from "../../server/payments/index.server.ts";

export interface AppLoadContext {
  db: DB;
  env: Env;
  log: Logger;
  /** The checkout taking payments; "test" shows the TEST MODE ribbon on every page. */
  paymentsMode: "stripe" | "test";
  /** This response's Content-Security-Policy nonce, for every script the page renders. */
  nonce?: string;
  /** What the booking domain needs (payment provider, clock): page actions call the same functions as the API. */
  booking: BookingDeps;
  /** Set only in test-checkout mode, as for the API's test payment route. */
  testCheckout?: TestCheckout;
  /** The hashed client address, taken exactly as the rate limits and the API take it. */
  clientKey: string;
  /** The client's address in clear: stored only with a waiver acceptance, as evidence of who accepted. */
  clientAddress: string;
  /**
   * What went wrong while rendering, for the server to answer with: the entry's handleError
   * sets databaseUnavailable when a loader or action met the database away (a 503, not a 500).
   */
  outcome: { databaseUnavailable: boolean };
}

// Kept on globalThis: the server process and the SSR bundle load this module
// separately, and both must use the same key object.
const KEY = Symbol.for("tidewater.appContext");
const g = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<AppLoadContext>>>;
if (!g[KEY]) g[KEY] = createContext<AppLoadContext>();
export const appContext = g[KEY];

export function getApp(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}

import type { Database } from "./db/client.server.ts";
import type { Env } from "./env.server.ts";
import type { Logger } from "./log.server.ts";

/** What every request handler and loader can reach; built once in server/main.server.ts. */
export interface Services {
  database: Database;
  env: Env;
  log: Logger;
}

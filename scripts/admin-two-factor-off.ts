/**
 * `npm run admin:two-factor-off`: for the operator who lost both the
 * authenticator and the recovery codes. Whoever can run this already controls
 * the server's configuration and database, so it asks for nothing more: it
 * turns two-factor sign-in off and ends every admin session. With the
 * embedded database, stop the server first (it holds the data folder).
 */

import { revokeAllSessions } from "../server/domain/access/auth.server.ts";
import { disableTwoFactor, getTwoFactor } from "../server/domain/access/two-factor.server.ts";
import { openForScript } from "./db-script.ts";

const { database } = await openForScript();
try {
  const wasOn = Boolean(await getTwoFactor(database.db));
  await disableTwoFactor(database.db);
  const ended = await revokeAllSessions(database.db, new Date());
  process.stdout.write(
    `${wasOn ? "Two-factor sign-in is now off." : "Two-factor sign-in was already off."} ` +
      `${ended} admin session${ended === 1 ? "" : "s"} ended. Sign in with the password, then set it up again under Settings or Your sign-in (/admin/account).\n`,
  );
} finally {
  await database.close();
}

/**
 * Weather cancellations for the operator: preview who a cancellation would
 * reach, call a departure off, follow the answers, and record an answer a
 * customer gave by phone. The rules are in server/domain/weather/ (call-off,
 * choice, views).
 */

import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { weatherCancelSchema, weatherChoiceSchema, weatherPreviewSchema } from "../../app/lib/weather.ts";
import { adventures } from "../db/schema.ts";
import { cancelForWeather, previewWeather } from "../domain/weather/call-off.server.ts";
import { chooseWeather } from "../domain/weather/choice.server.ts";
import { listWeatherCancellations, weatherCounts } from "../domain/weather/views.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

/** How far back the list and the counts go: a month of history is what the operator follows up. */
const HISTORY_DAYS = 31;

export function adminWeatherApi(services: Services) {
  const { db } = services.database;
  const deps = () => ({
    db,
    log: services.log,
    payments: services.payments,
    now: services.now,
    env: services.env,
  });
  const today = () => sydneyDate(services.now());
  const api = new Hono();

  api.get("/admin/weather", async (c) => {
    const from = addDays(today(), -HISTORY_DAYS);
    const list = await db
      .select({ id: adventures.id, title: adventures.title })
      .from(adventures)
      .orderBy(adventures.title);
    c.header("Cache-Control", NO_STORE);
    return c.json({
      today: today(),
      adventures: list,
      cancellations: await listWeatherCancellations(db, from, services.now()),
    });
  });

  /** Answers per cancelled date: ?adventure= narrows to one adventure's bookings (the calendar). */
  api.get("/admin/weather/counts", async (c) => {
    const adventure = c.req.query("adventure");
    if (adventure !== undefined && (adventure === "" || adventure.length > 100)) {
      throw badRequest("adventure: Choose an adventure from the list", {
        adventure: "Choose an adventure from the list",
      });
    }
    c.header("Cache-Control", NO_STORE);
    return c.json({
      dates: await weatherCounts(db, { adventureId: adventure, from: addDays(today(), -HISTORY_DAYS) }),
    });
  });

  api.post("/admin/weather/preview", async (c) => {
    const input = await readJson(c, weatherPreviewSchema(today()));
    return c.json(await previewWeather(db, input));
  });

  api.post("/admin/weather", async (c) => {
    const input = await readJson(c, weatherCancelSchema(today()));
    const result = await cancelForWeather(deps(), input);
    return c.json(
      { id: result.cancellation.id, offers: result.offers, unpaid_ended: result.unpaidEnded },
      result.created || result.offers > 0 ? 201 : 200,
    );
  });

  api.post("/admin/weather/offers/:id/choice", async (c) => {
    const input = await readJson(c, weatherChoiceSchema);
    const outcome = await chooseWeather(deps(), c.req.param("id"), {
      choice: input.choice,
      date: input.date,
      startTime: input.start_time,
      by: "operator",
    });
    return c.json(outcome);
  });

  return api;
}

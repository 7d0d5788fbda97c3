/**
 * The operator's vouchers: the list (search by code or email), one voucher's
 * ledger, issuing one (its code is emailed), sending a new code for a lost
 * one and voiding one. Codes show as their last four characters only. Behind
 * requireAdmin like all of /api/admin.
 */

import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { toCents } from "../../app/lib/money.ts";
import { voucherIssueSchema, voucherVoidSchema } from "../../app/lib/vouchers.ts";
import {
  issueOperatorVoucher,
  listVouchers,
  sendNewVoucherCode,
  voidVoucher,
  voucherLedger,
  voucherView,
} from "../domain/vouchers/voucher-admin.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

export function adminVouchersApi({ database, env, log, now }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/admin/vouchers", async (c) => {
    const q = c.req.query("q") ?? "";
    if (q.length > 200)
      throw badRequest("q: Search text must be at most 200 characters", {
        q: "Search text must be at most 200 characters",
      });
    c.header("Cache-Control", NO_STORE);
    return c.json({ vouchers: await listVouchers(db, q) });
  });

  api.get("/admin/vouchers/:id", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await voucherLedger(db, c.req.param("id")));
  });

  api.post("/admin/vouchers", async (c) => {
    const input = await readJson(c, voucherIssueSchema);
    const v = await issueOperatorVoucher(
      db,
      { amountCents: toCents(input.amount), email: input.email, name: input.name, note: input.note },
      { at: now(), publicUrl: env.publicUrl },
    );
    log.info("voucher issued by the operator", { voucher: v.id });
    return c.json({ voucher: voucherView(v) }, 201);
  });

  api.post("/admin/vouchers/:id/new-code", async (c) => {
    const v = await sendNewVoucherCode(db, c.req.param("id"), { at: now(), publicUrl: env.publicUrl });
    log.info("voucher given a new code", { voucher: v.id });
    return c.json({ voucher: voucherView(v) });
  });

  api.post("/admin/vouchers/:id/void", async (c) => {
    const { note } = await readJson(c, voucherVoidSchema);
    const v = await voidVoucher(db, c.req.param("id"), note, now());
    log.info("voucher voided", { voucher: v.id });
    return c.json({ voucher: voucherView(v) });
  });

  return api;
}

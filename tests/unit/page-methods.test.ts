/** Which methods a page serves, read from its route modules as React Router would route the request. */
import { describe, expect, it } from "vitest";
import { pageMethodsOf } from "../../server/methods.server.ts";
import { PAGE_ROUTES } from "../helpers/page-manifest.ts";

const methods = pageMethodsOf(PAGE_ROUTES);

describe("pageMethodsOf", () => {
  it.each([
    ["a page without an action", "/adventures", ""],
    ["the home page (its POST goes to the root, which has no action)", "/", ""],
    ["a path no page has (the 404 page)", "/no/such/page", ""],
    ["a resource route", "/my-booking/abc/calendar.ics", ""],
    ["a data request of a page without an action", "/adventures.data", ""],
    ["the root's data request", "/_.data", ""],
    ["a layout whose index route has the action, without ?index", "/console", ""],
  ])("%s: GET and HEAD", async (_name, path, search) => {
    expect(await methods(path, search)).toEqual(["GET", "HEAD"]);
  });

  it.each([
    ["a page with an action", "/contact", ""],
    ["its data request (a form sent with JavaScript)", "/contact.data", ""],
    ["a private link's page", "/my-booking/abc", ""],
    ["an index route with an action, asked with a bare ?index", "/console", "?index"],
  ])("%s: GET, HEAD and POST", async (_name, path, search) => {
    expect(await methods(path, search)).toEqual(["GET", "HEAD", "POST"]);
  });
});

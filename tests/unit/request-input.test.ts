import { describe, expect, it } from "vitest";
import { isJsonContentType } from "../../server/api/validate.server.ts";
import { HttpError } from "../../server/errors.server.ts";
import { checkParams, checkRequestText } from "../../server/security/request-input.server.ts";

/** The field the 400 names, or null when the input passes. */
function refusedField(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return Object.keys((error as HttpError).errors ?? {})[0] ?? null;
  }
}

describe("checkRequestText", () => {
  it("passes ordinary paths and queries, including encoded Unicode and reserved characters", () => {
    for (const url of [
      "http://x/",
      "http://x/adventures/guided-shore-dive",
      "http://x/api/bookings?q=Zo%C3%AB+Ng%C3%B4&page=2",
      "http://x/a%2Fb/%F0%9F%90%A0?x=%0A",
      "http://x/book?session_id=cs_test_abc&&flag",
    ]) {
      expect(
        refusedField(() => checkRequestText(url)),
        url,
      ).toBeNull();
    }
  });

  it("names the path or the parameter for a NUL, a control character or a malformed escape", () => {
    expect(refusedField(() => checkRequestText("http://x/api/admin/faqs/%00"))).toBe("path");
    expect(refusedField(() => checkRequestText("http://x/a/%E0%A4%A"))).toBe("path");
    expect(refusedField(() => checkRequestText("http://x/a/%ED%A0%80"))).toBe("path");
    expect(refusedField(() => checkRequestText("http://x/a?q=%1B"))).toBe("q");
    expect(refusedField(() => checkRequestText("http://x/a?page=%"))).toBe("page");
    expect(refusedField(() => checkRequestText("http://x/a?na%00me=1"))).toBe("query");
  });
});

describe("checkParams (form bodies)", () => {
  it("names the form field", () => {
    expect(refusedField(() => checkParams("first_name=Mia%00&message=hi", "body"))).toBe("first_name");
    expect(refusedField(() => checkParams("message=line%0D%0Anext+line%09tab", "body"))).toBeNull();
  });
});

describe("isJsonContentType", () => {
  it("accepts application/json with parameters and +json types, nothing else", () => {
    for (const ok of [
      "application/json",
      "Application/JSON; charset=utf-8",
      "application/merge-patch+json",
    ]) {
      expect(isJsonContentType(ok), ok).toBe(true);
    }
    for (const bad of [
      undefined,
      "",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonx",
      "text/json",
      "application/+json",
    ]) {
      expect(isJsonContentType(bad), String(bad)).toBe(false);
    }
  });
});

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

describe("the 400's words", () => {
  /** The refusal's field and message. */
  function refusal(run: () => void): [string, string] {
    try {
      run();
    } catch (error) {
      const errors = (error as HttpError).errors ?? {};
      const [field] = Object.keys(errors);
      expect((error as HttpError).message).toBe(`${field}: ${errors[field]}`);
      return [field, errors[field]];
    }
    throw new Error("not refused");
  }

  it("say a malformed escape is not valid percent-encoding, for the parameter it is in", () => {
    expect(refusal(() => checkParams("page=%", "query"))).toEqual(["page", "is not valid percent-encoding"]);
    // A plus is a space before decoding: "%0+0" is a broken escape, not a NUL.
    expect(refusal(() => checkParams("note=%0+0", "body"))).toEqual([
      "note",
      "is not valid percent-encoding",
    ]);
  });

  it("name the container for a bad parameter name, saying it is the name", () => {
    const [field, message] = refusal(() => checkParams("fl%00", "query"));
    expect(field).toBe("query");
    expect(message).toMatch(/^parameter names /);
    expect(message).not.toMatch(/percent-encoding/);
  });

  it("name a parameter as decoded (a plus is a space), cut to 60 characters", () => {
    expect(refusal(() => checkParams("first+name=Mia%00", "body"))[0]).toBe("first name");
    const long = "n".repeat(80);
    expect(refusal(() => checkParams(`${long}=%00`, "body"))[0]).toBe("n".repeat(60));
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

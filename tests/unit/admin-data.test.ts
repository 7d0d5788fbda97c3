import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminAction, adminGet, failureText } from "../../app/lib/admin-data";

/** A browser's storage and events, as far as the admin client uses them. */
function fakeWindow(token: string | null) {
  const store = new Map<string, string>(token ? [["admin_token", token]] : []);
  return {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    dispatchEvent: () => true,
    store,
  };
}

interface Call {
  url: string;
  method: string;
  auth: string | null;
  type: string | null;
  body: unknown;
}

let calls: Call[];
let answer: Response;

beforeEach(() => {
  calls = [];
  answer = Response.json({ id: "f1" }, { status: 201 });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({
      url,
      method: init.method ?? "GET",
      auth: headers.get("Authorization"),
      type: headers.get("Content-Type"),
      body: init.body,
    });
    return answer;
  });
});
afterEach(() => vi.unstubAllGlobals());

const actionArgs = (request: Request) => ({ request, params: {} }) as Parameters<typeof adminAction>[0];

describe("adminGet", () => {
  it("fetches nothing without a stored token and reports the load as signed out", async () => {
    vi.stubGlobal("window", fakeWindow(null));
    const result = await adminGet("/api/admin/faqs");
    expect(calls).toHaveLength(0);
    expect(result).toMatchObject({ ok: false, status: 401, network: false });
  });

  it("sends the bearer token and returns the answer's data", async () => {
    vi.stubGlobal("window", fakeWindow("tok-1"));
    answer = Response.json([{ id: "a" }]);
    const result = await adminGet<{ id: string }[]>("/api/admin/faqs");
    expect(calls).toEqual([
      expect.objectContaining({ url: "/api/admin/faqs", method: "GET", auth: "Bearer tok-1" }),
    ]);
    expect(result).toEqual({ ok: true, status: 200, data: [{ id: "a" }] });
  });

  it("a 401 forgets the token, so the layout shows the login screen", async () => {
    const win = fakeWindow("expired");
    vi.stubGlobal("window", win);
    answer = Response.json({ detail: "Session expired" }, { status: 401 });
    const result = await adminGet("/api/admin/faqs");
    expect(result).toMatchObject({ ok: false, status: 401, detail: "Session expired" });
    expect(win.store.has("admin_token")).toBe(false);
  });
});

describe("failureText", () => {
  it("is empty for a load that worked", () => {
    expect(failureText({ ok: true, status: 200, data: [] }, "Failed to fetch FAQs")).toBe("");
  });
  it("names the screen's failure when the server answered with an error", () => {
    const failed = { ok: false, status: 500, detail: "HTTP 500", errors: {}, network: false } as const;
    expect(failureText(failed, "Failed to fetch FAQs")).toBe("Failed to fetch FAQs");
  });
  it("says 'Connection error', or the screen's own network text with the fault, when no answer came", () => {
    const down = {
      ok: false,
      status: 0,
      detail: "Connection error",
      errors: {},
      network: true,
      exception: "Failed to fetch",
    } as const;
    expect(failureText(down, "Failed to fetch FAQs")).toBe("Connection error");
    expect(failureText(down, "Failed to fetch adventures", (m) => `Failed to load adventures: ${m}`)).toBe(
      "Failed to load adventures: Failed to fetch",
    );
  });
});

describe("adminAction", () => {
  it("performs the submitted JSON write with the token and returns the API's answer with field errors by field", async () => {
    vi.stubGlobal("window", fakeWindow("tok-2"));
    answer = Response.json({ detail: "Check the form", errors: { "tags.2": "Too long" } }, { status: 400 });
    const request = new Request("http://site/admin/faqs", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: "w1", method: "PUT", path: "/api/admin/faqs/f1", body: { question: "Q?" } }),
    });
    const result = await adminAction(actionArgs(request));
    expect(calls).toEqual([
      {
        url: "/api/admin/faqs/f1",
        method: "PUT",
        auth: "Bearer tok-2",
        type: "application/json",
        body: JSON.stringify({ question: "Q?" }),
      },
    ]);
    expect(result).toEqual({
      ok: false,
      status: 400,
      detail: "Check the form",
      errors: { tags: "Too long" },
      network: false,
    });
  });

  it("sends a multipart write's own fields on as FormData, without the write's meta fields", async () => {
    vi.stubGlobal("window", fakeWindow("tok-3"));
    const form = new FormData();
    form.set("file", new File(["abc"], "a.jpg", { type: "image/jpeg" }));
    form.set("alt_text", "Reef");
    form.set("__write_id", "w2");
    form.set("__write_method", "POST");
    form.set("__write_path", "/api/admin/media");
    const result = await adminAction(
      actionArgs(new Request("http://site/admin/media", { method: "POST", body: form })),
    );
    expect(result.ok).toBe(true);
    expect(calls).toHaveLength(1);
    const sent = calls[0].body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect([...sent.keys()].sort()).toEqual(["alt_text", "file"]);
    expect(await (sent.get("file") as File).text()).toBe("abc");
    expect(calls[0]).toMatchObject({
      url: "/api/admin/media",
      method: "POST",
      auth: "Bearer tok-3",
      type: null,
    });
  });

  it("refuses a write that names no API path or no write method", async () => {
    vi.stubGlobal("window", fakeWindow("tok-4"));
    const post = (write: unknown) =>
      adminAction(
        actionArgs(
          new Request("http://site/admin/faqs", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(write),
          }),
        ),
      );
    await expect(
      post({ id: "x", method: "POST", path: "https://elsewhere.example/steal" }),
    ).rejects.toThrow();
    await expect(post({ id: "x", method: "GET", path: "/api/admin/faqs" })).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });
});

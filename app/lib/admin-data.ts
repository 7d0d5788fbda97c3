/**
 * The one data path of the admin screens, the React Router way for a bearer
 * token that only the browser holds:
 *
 * - Reads: each admin route's `clientLoader` calls `adminGet` (one fetch
 *   helper, one result shape: `FormResult`). A load failure is data, not an
 *   exception, because every screen names its own failure text; the screen
 *   turns it into that text with `failureText`.
 * - Writes: each admin route exports `clientAction = adminAction`, and its
 *   screens call `useAdminWrite()`. A write is submitted as a fetcher of its
 *   own (so two writes never cancel each other), and React Router then re-runs
 *   the page's loaders: the screen never reloads by hand, and what it shows
 *   after a write is what the server holds.
 * - Sign-in: the admin layout's loader reads whether a token is stored; the
 *   layout revalidates when the token changes (sign-in, sign-out, a 401, or
 *   another tab), so the gate and every screen's data change together.
 */
import { useCallback } from "react";
import { type ClientActionFunctionArgs, useSubmit } from "react-router";
import { adminJson, adminUpload, getToken } from "./admin-api";
import type { FormResult } from "./form-result";

const SIGNED_OUT: FormResult<never> = {
  ok: false,
  status: 401,
  detail: "Not signed in",
  errors: {},
  network: false,
};

/**
 * GET for a clientLoader. Without a stored token nothing is fetched (the
 * layout shows the login screen instead of the page).
 */
export function adminGet<T>(path: string): Promise<FormResult<T>> {
  if (!getToken()) return Promise.resolve(SIGNED_OUT);
  return adminJson<T>("GET", path);
}

/**
 * A failed load or write as the text the screen shows: `notOk` when the
 * server answered with an error, "Connection error" (or `network`, given the
 * fault's message) when no answer came; "" when it worked.
 */
export function failureText(
  result: FormResult<unknown>,
  notOk: string,
  network: (message: string) => string = () => "Connection error",
): string {
  if (result.ok) return "";
  return result.network ? network(result.exception ?? "") : notOk;
}

/** The data of a load, or `fallback` when it failed. */
export function dataOr<T>(result: FormResult<T>, fallback: T): T {
  return result.ok ? result.data : fallback;
}

type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/** What a screen submits to its route's action: one admin API call. */
interface AdminWrite {
  id: string;
  method: WriteMethod;
  path: string;
  body?: unknown;
}

/** Meta fields a multipart write carries beside the form's own fields. */
const FORM_META = { id: "__write_id", method: "__write_method", path: "__write_path" } as const;

/**
 * Writes under way, by write id: where the action reports upload progress and
 * leaves its answer for the submitter. The action runs in this same page, so
 * it hands both over in memory; an entry lives only while its write does.
 */
const writes = new Map<string, { onProgress?: (fraction: number) => void; result?: FormResult<unknown> }>();

function isWriteMethod(value: unknown): value is WriteMethod {
  return value === "POST" || value === "PUT" || value === "PATCH" || value === "DELETE";
}

/**
 * The clientAction of every admin route: performs the one API call the
 * screen submitted (JSON, or multipart for uploads) and records its result.
 * Returning makes React Router revalidate the page's loaders.
 */
export async function adminAction({ request }: ClientActionFunctionArgs): Promise<FormResult<unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  let write: AdminWrite;
  if (type.startsWith("application/json")) {
    write = (await request.json()) as AdminWrite;
  } else {
    const form = await request.formData();
    const meta = {
      id: String(form.get(FORM_META.id) ?? ""),
      method: form.get(FORM_META.method),
      path: String(form.get(FORM_META.path) ?? ""),
    };
    for (const key of Object.values(FORM_META)) form.delete(key);
    write = { id: meta.id, method: meta.method as WriteMethod, path: meta.path, body: form };
  }
  if (!isWriteMethod(write.method) || !write.path.startsWith("/api/")) {
    throw new Error("An admin write names an API method and path");
  }
  const entry = writes.get(write.id);
  const result =
    write.body instanceof FormData && entry?.onProgress
      ? await adminUpload<unknown>(write.method, write.path, write.body, entry.onProgress)
      : await adminJson<unknown>(write.method, write.path, write.body);
  if (entry) entry.result = result;
  return result;
}

/**
 * `write(method, path, body?, { onProgress }?)` for a screen: submits through
 * the route's action and resolves, after the page's loaders have re-run, with
 * the API's answer. A FormData body is sent as multipart (uploads; with
 * `onProgress`, its upload progress from 0 to 1), anything else as JSON.
 */
export function useAdminWrite() {
  const submit = useSubmit();
  return useCallback(
    async <T = unknown>(
      method: WriteMethod,
      path: string,
      body?: unknown,
      options?: { onProgress?: (fraction: number) => void },
    ): Promise<FormResult<T>> => {
      const id = crypto.randomUUID();
      const entry: { onProgress?: (fraction: number) => void; result?: FormResult<unknown> } = {
        onProgress: options?.onProgress,
      };
      writes.set(id, entry);
      const how = { method: "post", navigate: false, fetcherKey: `admin-write:${id}` } as const;
      try {
        if (body instanceof FormData) {
          body.set(FORM_META.id, id);
          body.set(FORM_META.method, method);
          body.set(FORM_META.path, path);
          await submit(body, { ...how, encType: "multipart/form-data" });
        } else {
          const write: AdminWrite = { id, method, path, ...(body === undefined ? {} : { body }) };
          await submit(write as never, { ...how, encType: "application/json" });
        }
      } finally {
        writes.delete(id);
      }
      const result = entry.result;
      // No result: the page was left (or the session ended) before the write finished.
      return (result ?? {
        ok: false,
        status: 0,
        detail: "Connection error",
        errors: {},
        network: true,
      }) as FormResult<T>;
    },
    [submit],
  );
}

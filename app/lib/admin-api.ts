/**
 * Browser side of the admin area: the bearer token in localStorage, calls that
 * carry it, and the login/logout flow.
 * The token's validity is checked by the server only; a 401 from any admin
 * call drops the token, which brings back the login screen.
 */
import { useSyncExternalStore } from "react";
import { type FormResult, formFailure, formSuccess } from "./form-result";
import { forgetTripDay } from "./trip-day-cache";

const TOKEN_KEY = "admin_token";
/** Fired on window whenever the token is stored or cleared in this tab. */
const AUTH_EVENT = "admin-auth-change";
const LOGIN_TIMEOUT_MS = 15_000;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  window.dispatchEvent(new Event(AUTH_EVENT));
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
  if (typeof window !== "undefined") {
    void forgetTripDay();
    window.dispatchEvent(new Event(AUTH_EVENT));
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY) onChange();
  };
  window.addEventListener(AUTH_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(AUTH_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The stored token: undefined while server-rendering or hydrating (not known
 * yet), null when logged out, else the token.
 */
export function useAdminToken(): string | null | undefined {
  return useSyncExternalStore<string | null | undefined>(subscribe, getToken, () => undefined);
}

/**
 * fetch() for admin calls: adds the bearer token, a JSON content type for
 * string bodies (FormData keeps its own), and on a 401 clears the token so the
 * login screen shows. Network errors are thrown as with fetch().
 */
export async function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (typeof init.body === "string" && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  const res = await fetch(path, { ...init, headers });
  if (res.status === 401) clearToken();
  return res;
}

/** Server field errors keyed by the form's field: the first message per top-level name. */
export function byField(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) out[key.split(".")[0]] ??= message;
  return out;
}

/**
 * An admin API call through adminFetch: a JSON body, or a FormData body sent
 * as multipart. Network faults give network: true and detail 'Connection
 * error'.
 */
export async function adminJson<T>(method: string, path: string, body?: unknown): Promise<FormResult<T>> {
  let res: Response;
  try {
    res = await adminFetch(path, {
      method,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (e) {
    return networkFault(e);
  }
  return toResult<T>(res.status, await res.text().catch(() => ""));
}

/**
 * Sends a multipart form with XMLHttpRequest, whose upload events give a real
 * progress bar (fetch reports no progress for request bodies). Same token
 * handling and result as adminJson.
 */
export function adminUpload<T>(
  method: string,
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<FormResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status === 401) clearToken();
      resolve(toResult<T>(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => resolve(networkFault(new Error("Upload failed")));
    xhr.onabort = () => resolve(networkFault(new Error("Upload aborted")));
    xhr.send(form);
  });
}

function networkFault(e: unknown): FormResult<never> {
  const exception = e instanceof Error ? e.message : String(e);
  return { ...formFailure(0, "Connection error"), network: true, exception };
}

/**
 * An answer as a result: the parsed data, or `detail` (the server's
 * detail/message when it gave one, else "HTTP {status}") and field errors.
 */
function toResult<T>(status: number, text: string): FormResult<T> {
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (status >= 200 && status < 300) return formSuccess(data as T, { status });
  const obj = (data ?? {}) as { detail?: unknown; message?: unknown; errors?: unknown };
  const detail =
    typeof obj.detail === "string" && obj.detail
      ? obj.detail
      : typeof obj.message === "string" && obj.message
        ? obj.message
        : `HTTP ${status}`;
  const errors =
    obj.errors && typeof obj.errors === "object" ? byField(obj.errors as Record<string, string>) : {};
  return { ...formFailure(status, detail, { errors }), network: false };
}

/**
 * What the login call answered, reduced to what the login screen needs.
 * `twoFactor`: the server wants the code from the authenticator app (the
 * password was right, or sign-in from new devices needs it).
 */
export type LoginOutcome = { ok: true; token: string } | { ok: false; message: string; twoFactor?: boolean };

/** Sign-in: the message for an answer that is not a success. */
export function loginAnswerMessage(status: number, okStatus: boolean, bodyText: string): LoginOutcome {
  let data: unknown = null;
  try {
    data = bodyText ? JSON.parse(bodyText) : null;
  } catch {
    data = null;
  }
  const obj = (data && typeof data === "object" ? data : {}) as {
    success?: unknown;
    token?: unknown;
    detail?: unknown;
    message?: unknown;
    two_factor_required?: unknown;
  };
  if (okStatus && obj.success === true && typeof obj.token === "string" && obj.token) {
    return { ok: true, token: obj.token };
  }
  if (typeof obj.detail === "string" && obj.detail) {
    return obj.two_factor_required === true
      ? { ok: false, message: obj.detail, twoFactor: true }
      : { ok: false, message: obj.detail };
  }
  if (typeof obj.message === "string" && obj.message) return { ok: false, message: obj.message };
  if (!okStatus) return { ok: false, message: `Server error: HTTP ${status}: ${bodyText}` };
  return { ok: false, message: "Login failed" };
}

/** Sign-in: what the form says when the request never got an answer. */
export function loginNetworkMessage(error: unknown): string {
  const err = error instanceof Error ? error : new Error(String(error));
  if (err.name === "AbortError" || err.name === "TimeoutError") return "Request timeout. Please try again.";
  if (/refused/i.test(err.message)) return "Connection refused. Backend server may be down.";
  if (err instanceof TypeError) return "Unable to connect to server. Please check if the backend is running.";
  return `Connection error: ${err.message}`;
}

/** POST /api/admin/login (with the authenticator or recovery code once asked for); stores the token on success. */
export async function adminLogin(
  password: string,
  code?: string,
  timeoutMs = LOGIN_TIMEOUT_MS,
  /** Once staff exist: whose password it is. */
  email?: string,
): Promise<LoginOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...(email ? { email } : {}), password, ...(code ? { code } : {}) }),
      signal: controller.signal,
    });
    const text = await res.text();
    const outcome = loginAnswerMessage(res.status, res.ok, text);
    if (outcome.ok) setToken(outcome.token);
    return outcome;
  } catch (error) {
    return { ok: false, message: loginNetworkMessage(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Revokes the token on the server (best effort), then forgets it. */
export async function adminLogout(): Promise<void> {
  const token = getToken();
  if (token) {
    try {
      await fetch("/api/admin/logout", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
      });
    } catch {
      // The token is forgotten here either way; it expires on the server.
    }
  }
  clearToken();
}

/** Starts a browser download of text content. */
export function downloadText(filename: string, content: string, type = "text/plain;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads an admin file endpoint (e.g. the bookings CSV) with the bearer token. */
export async function adminDownload(path: string, filename: string): Promise<boolean> {
  try {
    const res = await adminFetch(path);
    if (!res.ok) return false;
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return true;
  } catch {
    return false;
  }
}

export { formatDateTimeAU } from "./dates";

/** Browser-side JSON calls with one error shape: { detail, errors } from the server. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; detail: string; errors: Record<string, string> };

export async function requestJson<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (res.ok) return { ok: true, status: res.status, data: data as T };
    const obj = (data ?? {}) as { detail?: unknown; message?: unknown; errors?: Record<string, string> };
    const detail =
      typeof obj.detail === "string"
        ? obj.detail
        : typeof obj.message === "string"
          ? obj.message
          : `HTTP ${res.status}`;
    return { ok: false, status: res.status, detail, errors: obj.errors ?? {} };
  } catch (error) {
    return {
      ok: false,
      status: 0,
      detail: error instanceof Error ? error.message : "Network error",
      errors: {},
    };
  }
}

export const postJson = <T>(url: string, body: unknown) => requestJson<T>("POST", url, body);

/** Browser-side JSON calls, answered as every form's write is (FormResult): { detail, errors } from the server. */
import { type FormResult, formFailure, formSuccess } from "./form-result";

export async function requestJson<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<FormResult<T>> {
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
    if (res.ok) return formSuccess(data as T, { status: res.status });
    const obj = (data ?? {}) as { detail?: unknown; message?: unknown; errors?: Record<string, string> };
    const detail =
      typeof obj.detail === "string"
        ? obj.detail
        : typeof obj.message === "string"
          ? obj.message
          : `HTTP ${res.status}`;
    return formFailure(res.status, detail, { errors: obj.errors ?? {} });
  } catch (error) {
    return {
      ...formFailure(0, error instanceof Error ? error.message : "Network error"),
      network: true,
    };
  }
}

export const postJson = <T>(url: string, body: unknown) => requestJson<T>("POST", url, body);

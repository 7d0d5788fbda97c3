/**
 * The one result of a form's write, whichever way it went: a page's `action`
 * (a post without JavaScript), an admin route's `clientAction` (adminAction),
 * and the browser's JSON calls behind a form (requestJson, adminJson) all
 * answer a FormResult. Success carries the data; failure carries the text
 * the form shows (`detail`) and each field's message (`errors`); a page
 * action also sends back what was typed (`values`), so the form keeps it.
 *
 * - Build one with `formSuccess` / `formFailure`; a page action returns it
 *   through `formAnswer`, which makes `status` the HTTP status.
 * - Read one with `formView` (what a form shows from its action's answer)
 *   and `serverDetail` (the server's own words of a refused call).
 */
import { data } from "react-router";

/** Posted text by field name. */
export type FormValues = Record<string, string>;

/** One message per field: keyed by the form's own fields when it names them. */
export type FieldErrors<V> = string extends keyof V
  ? Record<string, string>
  : Partial<Record<Extract<keyof V, string>, string>>;

export interface FormSuccess<T = null, V = FormValues> {
  ok: true;
  status: number;
  data: T;
  /** What was sent, when the page shows the form again. */
  values?: V;
  /** Which of the page's forms answered, on a page with more than one. */
  intent?: string;
}

export interface FormFailure<V = FormValues> {
  ok: false;
  status: number;
  /** The form's message: the server's detail, or the form's own words for a fault. */
  detail: string;
  errors: FieldErrors<V>;
  /** What was typed, sent back so the form keeps it. */
  values?: V;
  intent?: string;
  /** No answer came (a browser-side call); `exception` is the fault's message. */
  network?: boolean;
  exception?: string;
}

export type FormResult<T = null, V = FormValues> = FormSuccess<T, V> | FormFailure<V>;

export function formSuccess<T = null, V = never>(
  data: T,
  more: { status?: number; values?: V; intent?: string } = {},
): FormSuccess<T, V> {
  const { status = 200, ...rest } = more;
  return { ok: true, status, data, ...rest };
}

export function formFailure<V = FormValues>(
  status: number,
  detail: string,
  more: { errors?: FieldErrors<V>; values?: V; intent?: string } = {},
): FormFailure<V> {
  const { errors = {} as FieldErrors<V>, ...rest } = more;
  return { ok: false, status, detail, errors, ...rest };
}

/**
 * A page action's answer: the result with its status as the HTTP status (and
 * any headers). Every page action answers a form this way, or redirects.
 */
export function formAnswer<R extends { status: number }>(result: R, headers?: HeadersInit) {
  return data(result, { status: result.status, headers });
}

/** What a form shows from its action's answer (nothing sent yet: all empty). */
export interface FormView<T, V> {
  /** The answer is this form's. */
  sent: boolean;
  /** It succeeded: `data` holds what it answered. */
  ok: boolean;
  data?: T;
  values?: V;
  /** "" unless it failed. */
  detail: string;
  errors: FieldErrors<V>;
  status: number;
}

/**
 * The answer as one form of the page reads it: only an answer with the form's
 * `intent` (none for a page's only or main form) counts as sent. On a page
 * whose forms answer different results, name the form's types.
 */
export function formView<T, V>(result: FormResult<T, V> | undefined, intent?: string): FormView<T, V>;
export function formView<T, V>(
  result: FormResult<unknown, unknown> | undefined,
  intent?: string,
): FormView<T, V>;
export function formView<T, V>(result: FormResult<T, V> | undefined, intent?: string): FormView<T, V> {
  if (!result || result.intent !== intent) {
    return { sent: false, ok: false, detail: "", errors: {} as FieldErrors<V>, status: 0 };
  }
  return result.ok
    ? {
        sent: true,
        ok: true,
        data: result.data,
        values: result.values,
        detail: "",
        errors: {} as FieldErrors<V>,
        status: result.status,
      }
    : {
        sent: true,
        ok: false,
        values: result.values,
        detail: result.detail,
        errors: result.errors,
        status: result.status,
      };
}

/**
 * The server's own words for a refused call: "" when it worked, when no
 * answer came, or when the answer named only its status ("HTTP 502").
 */
export function serverDetail(
  result: { ok: true; status: number } | { ok: false; status: number; detail: string; network?: boolean },
): string {
  if (result.ok || result.network || result.status === 0) return "";
  return /^HTTP \d+$/.test(result.detail) ? "" : result.detail;
}

/**
 * The server's field messages (keyed by the API's names, "body.<name>" for
 * refused text) under the form's own field names: through `names` (API name
 * to form name), or kept when `names` lists them; the first message per field.
 */
export function fieldErrorsFrom<F extends string>(
  errors: Record<string, string> | undefined,
  names: Readonly<Record<string, F>> | readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const api = key.replace(/^body\./, "");
    const name = Array.isArray(names)
      ? (names as readonly string[]).includes(api)
        ? (api as F)
        : undefined
      : (names as Readonly<Record<string, F>>)[api];
    if (name) out[name] ??= message;
  }
  return out;
}

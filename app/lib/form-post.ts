/**
 * A page form's posted fields as text, for the page actions that work without
 * JavaScript (/book, /contact, the test checkout). A body that is not a form
 * reads as an empty one, so the action's schema names the missing fields
 * instead of the request failing; a field sent as a file reads as empty.
 */
export async function postedText<K extends string>(
  request: Request,
  keys: readonly K[],
): Promise<Record<K, string>> {
  const form = await request.formData().catch(() => new FormData());
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const value = form.get(key);
    values[key] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * A value as a JavaScript literal that is safe inside an HTML <script> element:
 * "<" is escaped, so no "</script>" or "<!--" in the data can end or change the
 * element, and U+2028/U+2029 are escaped for older parsers. For the inline
 * scripts the server writes (the deferred hydration loader, the web font loader).
 */
export const scriptLiteral = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

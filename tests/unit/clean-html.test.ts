import { describe, expect, it } from "vitest";
import { cleanHtml } from "../../server/domain/content/html.server.ts";

/**
 * The operator's own HTML (the about story, the legal pages) keeps what a page of text needs and
 * loses anything that could run: the allowed tags and attributes are the whole list.
 */
describe("cleanHtml", () => {
  const KEPT = ["h2", "h3", "h4", "p", "strong", "b", "em", "i", "u", "s", "small", "blockquote", "span"];
  it.each(KEPT)("keeps <%s> with its text", (tag) => {
    expect(cleanHtml(`<${tag}>Reef</${tag}>`)).toBe(`<${tag}>Reef</${tag}>`);
  });

  it("keeps lists, rules, breaks, figures and tables", () => {
    const html =
      "<ul><li>Mask</li></ul><ol><li>Fins</li></ol><hr /><br />" +
      '<figure><img src="https://example.com/a.jpg" alt="Reef" width="10" height="20" /><figcaption>Reef</figcaption></figure>' +
      "<table><thead><tr><th>Day</th></tr></thead><tbody><tr><td>Sat</td></tr></tbody></table>";
    expect(cleanHtml(html)).toBe(html);
  });

  it("keeps a link's address, title and target, and makes it open nothing of the page's", () => {
    expect(cleanHtml('<a href="https://example.com" title="Us" target="_blank">Us</a>')).toBe(
      '<a href="https://example.com" title="Us" target="_blank" rel="noopener noreferrer">Us</a>',
    );
    expect(cleanHtml('<a href="mailto:hi@example.com">Mail</a> <a href="tel:+61400111222">Call</a>')).toBe(
      '<a href="mailto:hi@example.com" rel="noopener noreferrer">Mail</a> <a href="tel:+61400111222" rel="noopener noreferrer">Call</a>',
    );
  });

  it("drops scripts, handlers, styles, classes and addresses that run code", () => {
    expect(
      cleanHtml('<p onclick="x()" style="color:red" class="c" id="i">Hi</p><script>alert(1)</script>'),
    ).toBe("<p>Hi</p>");
    expect(cleanHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(cleanHtml('<img src="data:image/png;base64,AAAA" alt="x" />')).toBe('<img alt="x" />');
    expect(cleanHtml('<span title="t">x</span><h1>Big</h1><iframe src="https://example.com"></iframe>')).toBe(
      "<span>x</span>Big",
    );
  });
});

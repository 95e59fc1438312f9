import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { rich } from "./rich-text";

const html = (node: React.ReactNode) => renderToStaticMarkup(<p>{node}</p>);

describe("rich messages", () => {
  it("render <b> bold and named tags with the caller's elements", () => {
    expect(
      html(
        rich("<b>Reviews.</b> See our <terms>Terms</terms>.", {
          terms: (t) => <a href="/terms-of-service">{t}</a>,
        }),
      ),
    ).toBe('<p><strong>Reviews.</strong> See our <a href="/terms-of-service">Terms</a>.</p>');
  });

  it("leave plain text, and an unknown tag's text, as it is", () => {
    expect(html(rich("No markup here."))).toBe("<p>No markup here.</p>");
    expect(html(rich("An <odd>unknown</odd> tag"))).toBe("<p>An unknown tag</p>");
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmptySearchSuggestions } from "./empty-search-suggestions";

describe("suggestions under an empty search", () => {
  it("are plain links with 44 px tap targets", () => {
    const html = renderToStaticMarkup(
      <EmptySearchSuggestions
        suggestions={[
          { kind: "topic", label: "Python", href: "/?search=Python#courses-section" },
          { kind: "category", label: "Development", href: "/?type=Development#courses-section" },
        ]}
      />,
    );
    expect(html).toContain('href="/?search=Python#courses-section"');
    expect(html).toContain(">All Development courses</a>");
    expect(html.match(/min-h-11 min-w-11/g)).toHaveLength(2);
    expect(html).not.toContain("<button");
  });

  it("render nothing without suggestions", () => {
    expect(renderToStaticMarkup(<EmptySearchSuggestions suggestions={[]} />)).toBe("");
  });
});

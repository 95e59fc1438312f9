import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { EmptySearchSuggestions } from "./empty-search-suggestions";

/** Rendered inside a data router, as every page of the site is. */
const render = (node: ReactNode, path = "/") =>
  renderToStaticMarkup(
    <RouterProvider
      router={createMemoryRouter([{ path: "*", element: node }], { initialEntries: [path] })}
    />,
  );

describe("suggestions under an empty search", () => {
  it("are plain links with 44 px tap targets", () => {
    const html = render(
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
    expect(render(<EmptySearchSuggestions suggestions={[]} />)).toBe("");
  });

  it("stay in Indonesian on an Indonesian page", () => {
    const html = render(
      <EmptySearchSuggestions
        suggestions={[
          { kind: "category", label: "Development", href: "/?type=Development#courses-section" },
        ]}
      />,
      "/id",
    );
    expect(html).toContain('href="/id?type=Development#courses-section"');
    expect(html).toContain(">Semua kursus Development</a>");
  });
});

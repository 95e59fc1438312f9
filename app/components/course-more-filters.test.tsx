import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_COURSE_FILTERS } from "../../core/course-filters";
import { CourseMoreFilters } from "./course-more-filters";

/** Rendered inside a data router, as every page of the site is. */
const render = (node: ReactNode, path = "/") =>
  renderToStaticMarkup(
    <RouterProvider
      router={createMemoryRouter([{ path: "*", element: node }], { initialEntries: [path] })}
    />,
  );

afterEach(() => vi.restoreAllMocks());

describe("the Udemy rating choices under More filters", () => {
  it("read as each page's language writes numbers, without the browser's number formats", () => {
    // The first use of Intl's number formats loads locale data inside the hydration a visitor
    // waits on (core/numbers.ts): the labels never ask for it.
    const toLocaleString = vi.spyOn(Number.prototype, "toLocaleString");
    const english = render(
      <CourseMoreFilters filters={DEFAULT_COURSE_FILTERS} onChange={() => {}} />,
    );
    const indonesian = render(
      <CourseMoreFilters filters={DEFAULT_COURSE_FILTERS} onChange={() => {}} />,
      "/id",
    );
    expect(english).toMatch(/>[^<]*4\.5[^<]*<\/option>/);
    expect(indonesian).toMatch(/>[^<]*4,5[^<]*<\/option>/);
    expect(toLocaleString).not.toHaveBeenCalled();
  });
});

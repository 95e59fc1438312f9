import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Button, ButtonLink, buttonClass } from "./button";

/** The class strings the pages wrote out by hand before they shared the button: unchanged. */
describe("the shared button looks", () => {
  it("reproduce the class strings the pages used, placement first", () => {
    expect(buttonClass("primary", "small")).toBe(
      "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white",
    );
    expect(buttonClass("primary", "medium", "mt-6 inline-block")).toBe(
      "mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700",
    );
    expect(buttonClass("primary", "large", "mt-8 inline-block")).toBe(
      "mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white",
    );
    expect(buttonClass("secondary", "small", "min-h-11")).toBe(
      "min-h-11 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600",
    );
    expect(buttonClass("secondary", "medium")).toBe(
      "rounded-lg border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600",
    );
  });

  it("render a button (type button unless told) and a link", () => {
    expect(
      renderToStaticMarkup(
        <Button variant="secondary" size="small">
          Later
        </Button>,
      ),
    ).toBe(
      '<button type="button" class="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600">Later</button>',
    );
    expect(
      renderToStaticMarkup(
        <Button variant="primary" size="medium" type="submit" disabled>
          Go
        </Button>,
      ),
    ).toBe(
      '<button type="submit" class="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700" disabled="">Go</button>',
    );
    expect(
      renderToStaticMarkup(
        <MemoryRouter>
          <ButtonLink variant="primary" size="medium" className="mt-4 inline-block" to="/articles">
            Back
          </ButtonLink>
        </MemoryRouter>,
      ),
    ).toBe(
      '<a class="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700" href="/articles" data-discover="true">Back</a>',
    );
  });
});

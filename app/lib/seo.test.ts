import { describe, expect, it } from "vitest";
import * as m from "../../core/paraglide/messages";
import { simplePageMeta } from "./seo";

const matches = [{ id: "root", data: { siteUrl: "https://kursusku.test" } }];
const page = {
  title: m.writing_title,
  description: m.writing_meta_description,
  path: "/articles/new",
  parents: [{ title: m.articles_title, path: "/articles" }],
};

function breadcrumbOf(meta: ReturnType<typeof simplePageMeta>) {
  const item = meta.find((descriptor) => "script:ld+json" in descriptor) as
    { "script:ld+json": { itemListElement: { name: string; item: string }[] } } | undefined;
  return item?.["script:ld+json"].itemListElement.map(({ name, item }) => [name, item]);
}

describe("a simple page's meta", () => {
  it("names the page, its canonical address and its place under Home", () => {
    const meta = simplePageMeta({ matches, location: { pathname: "/articles/new" } }, page);
    expect(meta).toContainEqual({ title: "Write New Article | Kursusku" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://kursusku.test/articles/new",
    });
    expect(breadcrumbOf(meta)).toEqual([
      ["Home", "https://kursusku.test/"],
      ["Articles", "https://kursusku.test/articles"],
      ["Write New Article", "https://kursusku.test/articles/new"],
    ]);
  });

  it("keeps every step of an Indonesian page in Indonesian", () => {
    const meta = simplePageMeta({ matches, location: { pathname: "/id/articles/new" } }, page);
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://kursusku.test/id/articles/new",
    });
    const crumbs = breadcrumbOf(meta)!;
    expect(crumbs.slice(1).map(([, address]) => address)).toEqual([
      "https://kursusku.test/id/articles",
      "https://kursusku.test/id/articles/new",
    ]);
    expect(crumbs[2]![0]).toBe(m.writing_title({}, { locale: "id" }));
  });
});

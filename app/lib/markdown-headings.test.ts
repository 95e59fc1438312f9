import { describe, expect, it } from "vitest";
import { fitHeadingsUnderTitle, type MarkdownTreeNode } from "./markdown-headings";

function headingDepths(depths: number[]): number[] {
  const tree: MarkdownTreeNode = {
    type: "root",
    children: depths.map((depth) => ({ type: "heading", depth, children: [] })),
  };
  fitHeadingsUnderTitle(tree);
  return (tree.children ?? []).map((node) => node.depth ?? 0);
}

describe("fitHeadingsUnderTitle", () => {
  it("turns a writer's top-level # into h2, under the page title", () => {
    expect(headingDepths([1, 2, 2, 1])).toEqual([2, 3, 3, 2]);
  });

  it("turns ## into h2 when the writer never used #", () => {
    expect(headingDepths([2, 3, 2])).toEqual([2, 3, 2]);
  });

  it("closes skipped levels: never more than one deeper than the heading before", () => {
    expect(headingDepths([2, 5, 6, 3])).toEqual([2, 3, 4, 3]);
  });

  it("lets a first heading that is deeper than later ones start at h2 too", () => {
    expect(headingDepths([4, 2])).toEqual([2, 2]);
  });

  it("never goes deeper than h6", () => {
    expect(headingDepths([1, 2, 3, 4, 5, 6])).toEqual([2, 3, 4, 5, 6, 6]);
  });

  it("finds headings nested in other nodes, and leaves a tree without headings alone", () => {
    const tree: MarkdownTreeNode = {
      type: "root",
      children: [{ type: "blockquote", children: [{ type: "heading", depth: 3, children: [] }] }],
    };
    fitHeadingsUnderTitle(tree);
    expect(tree.children?.[0]?.children?.[0]?.depth).toBe(2);
    const plain: MarkdownTreeNode = { type: "root", children: [{ type: "paragraph" }] };
    fitHeadingsUnderTitle(plain);
    expect(plain).toEqual({ type: "root", children: [{ type: "paragraph" }] });
  });
});

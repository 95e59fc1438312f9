/** The part of a markdown syntax tree (mdast) that heading levels depend on. */
export type MarkdownTreeNode = { type: string; depth?: number; children?: MarkdownTreeNode[] };

function collectHeadings(node: MarkdownTreeNode, found: MarkdownTreeNode[]): MarkdownTreeNode[] {
  if (node.type === "heading") found.push(node);
  for (const child of node.children ?? []) collectHeadings(child, found);
  return found;
}

/**
 * Fits an article's headings under the page's h1: the shallowest heading the writer used becomes
 * an h2, and no heading is more than one level deeper than the one before it. Writers start at
 * `#` or at `##` and skip levels freely; screen-reader users navigate by heading level, and a
 * skipped level (h1 → h3) reads as missing content (axe/Lighthouse "heading-order").
 */
export function fitHeadingsUnderTitle(tree: MarkdownTreeNode): void {
  const headings = collectHeadings(tree, []);
  if (headings.length === 0) return;
  const shallowest = Math.min(...headings.map((heading) => heading.depth ?? 1));
  let previous = 1;
  for (const heading of headings) {
    const relative = (heading.depth ?? 1) - shallowest + 2;
    const depth = Math.min(relative, previous + 1, 6);
    heading.depth = depth;
    previous = depth;
  }
}

/** {@link fitHeadingsUnderTitle} as a remark plugin. */
export function remarkFitHeadingsUnderTitle() {
  return (tree: MarkdownTreeNode) => fitHeadingsUnderTitle(tree);
}

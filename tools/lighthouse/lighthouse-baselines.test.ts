import { describe, expect, it } from "vitest";
import { withoutScripts } from "./lighthouse-baselines";

describe("withoutScripts", () => {
  it("drops every script and module preload and keeps the rest of the page", () => {
    const html = `<!doctype html><html><head><link rel="modulepreload" href="/a.js">
      <link rel="stylesheet" href="/app.css"><script>window.x=1</script></head>
      <body><h1>Privacy</h1><script type="module" src="/entry.js"></script></body></html>`;
    const stripped = withoutScripts(html);
    expect(stripped).not.toMatch(/<script|modulepreload/);
    expect(stripped).toContain('<link rel="stylesheet" href="/app.css">');
    expect(stripped).toContain("<h1>Privacy</h1>");
  });
});

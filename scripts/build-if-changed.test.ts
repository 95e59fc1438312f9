import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decideBuild, inputsHash, writeStamp } from "./build-if-changed";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What a successful `react-router build` followed by the stamp leaves. */
const built = (bundle = "bundle v1") => {
  write("build/server/index.js", bundle);
  writeStamp(root, inputsHash(root));
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "build-if-changed-"));
  write("app/root.tsx", "export default 1;");
  write("messages/site/en.json", "{}");
  write("package-lock.json", "{}");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("decideBuild", () => {
  it("builds when there is no build yet", () => {
    expect(decideBuild(root)).toBe("no build");
  });

  it("does not build again when nothing the build reads changed", () => {
    built();
    expect(decideBuild(root)).toBe("unchanged");
    // Neither does a change outside the inputs (the server's source, data, generated messages).
    write("server/index.ts", "changed");
    write("data/db", "rows");
    write("core/paraglide/messages.js", "generated");
    expect(decideBuild(root)).toBe("unchanged");
  });

  it("builds when an input file changed, was added or was removed", () => {
    built();
    write("app/root.tsx", "export default 2;");
    expect(decideBuild(root)).toBe("changed");
    built();
    write("public/robots.txt", "User-agent: *");
    expect(decideBuild(root)).toBe("changed");
    built();
    rmSync(path.join(root, "public/robots.txt"));
    expect(decideBuild(root)).toBe("changed");
    built();
    write("package-lock.json", '{"lockfileVersion":3}');
    expect(decideBuild(root)).toBe("changed");
  });

  it("builds when build/ was rebuilt otherwise since the stamp, or has no stamp", () => {
    built();
    write("build/server/index.js", "bundle from another checkout state");
    expect(decideBuild(root)).toBe("changed");
    rmSync(path.join(root, "build/.inputs-stamp.json"));
    expect(decideBuild(root)).toBe("changed");
  });
});

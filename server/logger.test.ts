import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

describe("createServerLogger", () => {
  it("writes every line buffered so far when the process exits right after logging", () => {
    // A burst far bigger than one write, then an immediate exit, as the shutdown path does.
    const script = `
      import { createServerLogger } from "./server/logger.ts";
      const logger = createServerLogger("info");
      for (let line = 0; line < 5000; line += 1) logger.info({ line, padding: "x".repeat(200) }, "burst");
      logger.info("bye");
      process.exit(0);
    `;
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: root,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect(child.status).toBe(0);
    const lines = child.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines).toHaveLength(5001);
    expect(lines.at(-1)!.msg).toBe("bye");
  });
});

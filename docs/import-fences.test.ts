import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Every fence that docs/architecture.md draws between the folders is held by ESLint: a probe file
 * in the folder that crosses the fence fails the lint with the fence's own message, and the
 * import the fence still allows (a type, a floor below) passes.
 */
const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function lintProbe(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, {
    filePath: path.join(root, file),
  });
  return (result?.messages ?? [])
    .filter((message) => /no-restricted|no-restricted-syntax/.test(message.ruleId ?? ""))
    .map((message) => message.message);
}

type Fence = {
  fence: string;
  file: string;
  crossing: string;
  message: RegExp;
  /** What the fence still lets through, which must lint clean. */
  allowed?: string;
};

const FENCES: Fence[] = [
  {
    fence: "core/ imports neither app/ nor server/",
    file: "core/probe.ts",
    crossing: 'import { useMessages } from "../app/lib/i18n";\nvoid useMessages;',
    message: /core\/ holds pure, isomorphic rules/,
    allowed: 'import { z } from "zod";\nvoid z;',
  },
  {
    fence: "browser code never imports server/",
    file: "app/components/probe.tsx",
    crossing:
      'import { listCourses } from "../../server/domain/catalog/catalog";\nvoid listCourses;',
    message: /run in the browser/,
    allowed: 'import { localeOfPath } from "../../core/locale";\nvoid localeOfPath;',
  },
  {
    fence: "route modules never reach the database or an adapter",
    file: "app/routes/probe.tsx",
    crossing: 'import { courses } from "../../server/db/schema";\nvoid courses;',
    message: /Route modules call server\/domain/,
    allowed:
      'import { listCourses } from "../../server/domain/catalog/catalog";\nvoid listCourses;',
  },
  {
    fence: "the domain is UI-free",
    file: "server/domain/catalog/probe.ts",
    crossing: 'import { redirect } from "react-router";\nvoid redirect;',
    message: /server\/domain is UI-free/,
  },
  {
    fence: "the domain never sees HTTP",
    file: "server/domain/catalog/probe.ts",
    crossing: 'import { readCookie } from "../../web/cookies";\nvoid readCookie;',
    message: /server\/domain never sees HTTP/,
    allowed: 'import { courses } from "../../db/schema";\nvoid courses;',
  },
  {
    fence: "the edge uses the domain, not the database or adapters, at runtime",
    file: "server/api/probe.ts",
    crossing:
      'import { createRateLimiter } from "../adapters/rate-limit/rate-limiter";\nvoid createRateLimiter;',
    message: /The HTTP edge \(server\/web, server\/api\) calls server\/domain at runtime/,
    allowed:
      'import type { RateLimiter } from "../adapters/rate-limit/rate-limiter";\nexport type Probe = RateLimiter;',
  },
  {
    fence: "an adapter never imports the domain",
    file: "server/adapters/ai/probe.ts",
    crossing: 'import { listCourses } from "../../domain/catalog/catalog";\nvoid listCourses;',
    message: /An adapter speaks to one third party/,
  },
  {
    fence: "an adapter never reads configuration values",
    file: "server/adapters/ai/probe.ts",
    crossing: 'import { loadConfig } from "../../config";\nvoid loadConfig;',
    message: /An adapter is handed its settings/,
    allowed: 'import type { Config } from "../../config";\nexport type Probe = Config;',
  },
  {
    fence: "the database imports nothing above it, not even a type",
    file: "server/db/probe.ts",
    crossing:
      'import type { ImageStore } from "../adapters/image-store/image-store";\nexport type Probe = ImageStore;',
    message: /server\/db is the server's ground floor/,
    allowed: 'import { sql } from "drizzle-orm";\nvoid sql;',
  },
  {
    fence: "the server and the CLIs never import app/",
    file: "scripts/probe.ts",
    crossing: 'import { links } from "../app/root";\nvoid links;',
    message: /never import app\//,
  },
  {
    fence: "nothing but tests imports tools/",
    file: "server/probe.ts",
    crossing: 'import { runBench } from "../tools/bench/bench";\nvoid runBench;',
    message: /never import tools\//,
  },
];

// The first lint loads the whole configuration and its plugins: seconds on a busy machine.
describe("the import fences of docs/architecture.md", { timeout: 60_000 }, () => {
  it.each(FENCES)("$fence", async ({ file, crossing, message, allowed }) => {
    const refusals = await lintProbe(file, crossing);
    expect(
      refusals.some((text) => message.test(text)),
      refusals.join("\n"),
    ).toBe(true);
    if (allowed) expect(await lintProbe(file, allowed)).toEqual([]);
  });
});

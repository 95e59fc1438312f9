import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin (STACK.md): route modules are tested in e2e, or
// in tests/routes/ when they call the domain without needing the plugin (api-ai.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "core/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tools/**/*.test.ts",
            "docs/**/*.test.ts",
          ],
          exclude: ["**/*.integration.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: [
            "server/**/*.integration.test.ts",
            "scripts/**/*.integration.test.ts",
            "tools/**/*.integration.test.ts",
            "tests/routes/**/*.integration.test.ts",
          ],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

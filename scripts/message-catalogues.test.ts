import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../core/locale";

const root = path.resolve(import.meta.dirname, "..");

function catalogue(locale: string): Record<string, unknown> {
  const messages = JSON.parse(
    readFileSync(path.join(root, "messages", `${locale}.json`), "utf8"),
  ) as Record<string, unknown>;
  delete messages.$schema;
  return messages;
}

describe("message catalogues", () => {
  it("hold every message in every language, none of them empty", () => {
    const english = Object.keys(catalogue("en")).sort();
    for (const locale of LOCALES) {
      const messages = catalogue(locale);
      expect(Object.keys(messages).sort(), `messages/${locale}.json`).toEqual(english);
      for (const [key, text] of Object.entries(messages)) {
        expect(typeof text === "string" ? text.trim() : text, `${locale}: ${key}`).toBeTruthy();
      }
    }
  });
});

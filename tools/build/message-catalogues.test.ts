import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../core/locale";

const root = path.resolve(import.meta.dirname, "../..");

/** The catalogue files inlang reads, one pattern per area of the site (project.inlang/settings.json). */
function pathPatterns(): string[] {
  const settings = JSON.parse(
    readFileSync(path.join(root, "project.inlang/settings.json"), "utf8"),
  ) as { "plugin.inlang.messageFormat": { pathPattern: string | string[] } };
  const pattern = settings["plugin.inlang.messageFormat"].pathPattern;
  return Array.isArray(pattern) ? pattern : [pattern];
}

function catalogue(pattern: string, locale: string): Record<string, unknown> {
  const messages = JSON.parse(
    readFileSync(path.join(root, pattern.replace("{locale}", locale)), "utf8"),
  ) as Record<string, unknown>;
  delete messages.$schema;
  return messages;
}

describe("message catalogues", () => {
  it("hold every message in every language, none of them empty", () => {
    for (const pattern of pathPatterns()) {
      const english = Object.keys(catalogue(pattern, "en")).sort();
      for (const locale of LOCALES) {
        const messages = catalogue(pattern, locale);
        const file = pattern.replace("{locale}", locale);
        expect(Object.keys(messages).sort(), file).toEqual(english);
        for (const [key, text] of Object.entries(messages)) {
          expect(typeof text === "string" ? text.trim() : text, `${file}: ${key}`).toBeTruthy();
        }
      }
    }
  });

  it("name each message once across the areas' files", () => {
    const seen = new Map<string, string>();
    for (const pattern of pathPatterns()) {
      for (const key of Object.keys(catalogue(pattern, "en"))) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${pattern}`).toBeUndefined();
        seen.set(key, pattern);
      }
    }
  });

  it("translate one English text one way, whichever area says it", () => {
    const patterns = pathPatterns();
    for (const locale of LOCALES) {
      const byEnglish = new Map<string, { key: string; text: unknown }>();
      for (const pattern of patterns) {
        const english = catalogue(pattern, "en");
        const translated = catalogue(pattern, locale);
        for (const [key, text] of Object.entries(english)) {
          const earlier = byEnglish.get(String(text));
          if (earlier) {
            expect(translated[key], `${locale}: ${key} and ${earlier.key} say "${text}"`).toBe(
              earlier.text,
            );
          } else byEnglish.set(String(text), { key, text: translated[key] });
        }
      }
    }
  });
});

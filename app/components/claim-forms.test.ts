import { describe, expect, it } from "vitest";
import { LOCALES } from "../../core/locale";
import * as m from "../../core/paraglide/messages";

describe("the 'I already own this' button's accessible name", () => {
  // A speech-input user says what they see: the name must hold the visible words (WCAG 2.5.3).
  it.each(LOCALES)("holds the button's visible text (%s)", (locale) => {
    const visible = m.claims_own_button({}, { locale });
    const name = m.claims_own_label({ title: "Python for Everyone" }, { locale });
    expect(name.startsWith(visible)).toBe(true);
    expect(name).toContain("Python for Everyone");
  });
});

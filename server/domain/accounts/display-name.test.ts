import { describe, expect, it } from "vitest";
import { ANONYMOUS_NAME, publicDisplayName } from "./display-name";

describe("publicDisplayName", () => {
  it("uses the person's own name when there is one", () => {
    expect(publicDisplayName("  Rina Wijaya ", "rina.wijaya@example.com")).toBe("Rina Wijaya");
  });

  it("masks the e-mail's local part when there is no name, never showing the domain", () => {
    expect(publicDisplayName(null, "andi.pratama@example.com")).toBe("an***");
    expect(publicDisplayName("   ", "budi@example.com")).toBe("bu***");
  });

  it("keeps only one letter of a short local part", () => {
    expect(publicDisplayName(null, "ab@example.com")).toBe("a***");
    expect(publicDisplayName(null, "x@example.com")).toBe("x***");
  });

  it("masks a name that is itself an e-mail address", () => {
    const shown = publicDisplayName("siti.rahma@example.com", "other@example.com");
    expect(shown).toBe("si***");
    expect(shown).not.toContain("@");
  });

  it("falls back to Anonymous when there is nothing to show", () => {
    expect(publicDisplayName(null, null)).toBe(ANONYMOUS_NAME);
    expect(publicDisplayName(null, "@example.com")).toBe(ANONYMOUS_NAME);
  });
});

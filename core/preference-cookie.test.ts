import { afterEach, describe, expect, it, vi } from "vitest";
import { preferenceCookie, rememberPreference } from "./preference-cookie";

afterEach(() => vi.unstubAllGlobals());

describe("preference cookies", () => {
  it("are Secure when the site is on https, and only then", () => {
    expect(preferenceCookie("kk_theme", "dark", { secure: true })).toBe(
      "kk_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
    expect(preferenceCookie("kk_theme", "dark", { secure: false })).toBe(
      "kk_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(
      preferenceCookie("kk_coupon_banner", "dismissed", { secure: true, httpOnly: true }),
    ).toMatch(/; Secure; HttpOnly$/);
  });

  it("written by a page script, carry Secure on an https page", () => {
    for (const [protocol, secure] of [
      ["https:", true],
      ["http:", false],
    ] as const) {
      const written: string[] = [];
      vi.stubGlobal("location", { protocol });
      vi.stubGlobal("document", {
        set cookie(value: string) {
          written.push(value);
        },
      });
      rememberPreference("kk_lang", "id");
      expect(written).toHaveLength(1);
      expect(written[0]!.endsWith("; Secure"), protocol).toBe(secure);
    }
  });
});

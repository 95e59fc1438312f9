import { describe, expect, it } from "vitest";
import { avatarPathFor, avatarSvg, parseAvatarFile } from "./avatars";

describe("avatars", () => {
  it("names an address's avatar by a hash on this site, never by the address", () => {
    const email = "Siti.Rahma+kursus@example.com";
    const path = avatarPathFor(email);
    expect(path).toMatch(/^\/avatars\/[0-9a-f]{16}\.svg$/);
    expect(new URL(path, "https://kursusku.id").origin).toBe("https://kursusku.id");
    for (const part of ["siti", "rahma", "example", "@", "%40"]) {
      expect(path.toLowerCase()).not.toContain(part);
    }
    expect(avatarPathFor("  siti.rahma+KURSUS@example.com ")).toBe(path);
  });

  it("draws the same plain SVG for a seed, and refuses a file that names no avatar", () => {
    const seed = parseAvatarFile(avatarPathFor("a@example.com").slice("/avatars/".length))!;
    const svg = avatarSvg(seed);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|<style|href=|url\((?!#)/i);
    expect(avatarSvg(seed)).toBe(svg);
    for (const file of ["a@example.com.svg", "0123.svg", "0123456789abcdef.png", undefined]) {
      expect(parseAvatarFile(file)).toBeNull();
    }
  });
});

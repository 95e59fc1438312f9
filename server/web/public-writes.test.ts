import { describe, expect, it } from "vitest";
import { mayChangePublicPages } from "./public-writes";

describe("mayChangePublicPages", () => {
  it("is false for reads", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(mayChangePublicPages({ method, path: "/reviews" })).toBe(false);
    }
  });

  it("is false for writes that change only their own visitor's part", () => {
    for (const path of [
      "/favourites",
      "/redeem",
      "/auth/dev",
      "/auth/signout",
      "/api/ai",
      "/claims",
    ]) {
      expect(mayChangePublicPages({ method: "POST", path }), path).toBe(false);
    }
    expect(mayChangePublicPages({ method: "POST", path: "/favourites.data" })).toBe(false);
  });

  it("is true for every other write, known or not", () => {
    for (const path of ["/reviews", "/articles/new", "/admin/codes", "/api", "/anything-new"]) {
      expect(mayChangePublicPages({ method: "POST", path }), path).toBe(true);
    }
    expect(mayChangePublicPages({ method: "DELETE", path: "/favourites/extra" })).toBe(true);
    expect(mayChangePublicPages({ method: "PUT", path: "/article" })).toBe(true);
  });
});

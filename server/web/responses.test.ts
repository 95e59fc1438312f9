import { describe, expect, it } from "vitest";
import { methodNotAllowed } from "./responses";

describe("methodNotAllowed", () => {
  it("answers a GET with 405 and the methods the address takes", async () => {
    const response = methodNotAllowed("POST, DELETE")();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST, DELETE");
    expect(await response.text()).toBe("Method Not Allowed");
  });
});

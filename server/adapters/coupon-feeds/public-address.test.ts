import { describe, expect, it } from "vitest";
import { isPublicAddress, isPublicHost } from "./public-address";

describe("isPublicAddress", () => {
  it.each(["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "8.8.8.8"])(
    "accepts the public address %s",
    (address) => expect(isPublicAddress(address)).toBe(true),
  );
  it.each([
    "127.0.0.1",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "not an address",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));
});

describe("isPublicHost", () => {
  const resolve = async (host: string) =>
    ({ "public.example": ["93.184.216.34"], "inside.example": ["192.168.0.9"] })[host] ?? [];

  it("judges names by every address they resolve to, and refuses unresolvable ones", async () => {
    expect(await isPublicHost("public.example", resolve)).toBe(true);
    expect(await isPublicHost("inside.example", resolve)).toBe(false);
    expect(await isPublicHost("nowhere.example", resolve)).toBe(false);
    expect(await isPublicHost("[::1]", resolve)).toBe(false);
    expect(await isPublicHost("api.localhost", resolve)).toBe(false);
  });
});

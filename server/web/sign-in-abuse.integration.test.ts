import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInUser } from "../../tests/setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../../tests/setup/web-test-server";

let site: WebTestServer;

beforeAll(async () => {
  site = await startWebTestServer();
}, 120_000);
afterAll(async () => site?.stop());

async function sessionRows(): Promise<number> {
  const result = (await site.services.db.execute(
    sql`select count(*)::int as n from sessions`,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

function devSignIn(email: string, headers: Record<string, string> = {}) {
  return fetch(`${site.baseUrl}/auth/dev`, {
    method: "POST",
    body: new URLSearchParams({ email, redirectTo: "/" }),
    headers: { origin: site.baseUrl, ...headers },
    redirect: "manual",
  });
}

describe("sign-in rate limits", () => {
  it("lets one address sign in 5 times a minute, then answers with a flash error and Retry-After", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await devSignIn("busy@example.com");
      expect(response.headers.get("set-cookie")).toContain("kk_session=");
    }
    const before = await sessionRows();
    const refused = await devSignIn("busy@example.com");
    expect(refused.status).toBe(303);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const cookies = refused.headers.get("set-cookie") ?? "";
    expect(cookies).not.toContain("kk_session=");
    expect(decodeURIComponent(cookies)).toContain(
      "Sign-In Error: Too many sign-in attempts. Please try again in a minute.",
    );
    expect(await sessionRows()).toBe(before);
  });

  it("lets one IP sign in 10 times a minute across addresses, on the web and the API alike", async () => {
    // The address limit above already spent 6 of this IP's 10.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await devSignIn(`many-${attempt}@example.com`);
      expect(response.headers.get("set-cookie")).toContain("kk_session=");
    }
    const before = await sessionRows();
    const refused = await devSignIn("one-more@example.com");
    expect(refused.headers.get("set-cookie") ?? "").not.toContain("kk_session=");
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect(await sessionRows()).toBe(before);

    const token = await site.services.identity.local!.mint({
      email: "app-user@example.com",
      now: site.clock.now(),
    });
    const api = await fetch(`${site.baseUrl}/api`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: "registerUser" }),
    });
    expect(api.status).toBe(429);
    expect(api.headers.get("retry-after")).not.toBeNull();
    expect(await api.json()).toEqual({
      error: { message: "Too many sign-in attempts. Please try again in a minute." },
    });
  });
});

describe("a Bearer header never lets cookies decide who is asking", () => {
  it("a cross-site form post with a bogus Bearer header and the victim's cookie does not act as the victim", async () => {
    const victim = await signInUser(site.services, "victim@example.com");
    const attack = await fetch(`${site.baseUrl}/redeem`, {
      method: "POST",
      body: new URLSearchParams({ code: "ANYTHING" }),
      headers: {
        origin: "https://evil.example",
        authorization: "Bearer x",
        cookie: victim.cookie,
      },
    });
    expect(attack.status).toBe(401);
    const sessionsBefore = await sessionRows();
    const signOut = await fetch(`${site.baseUrl}/auth/signout`, {
      method: "POST",
      headers: { origin: "https://evil.example", authorization: "Bearer x", cookie: victim.cookie },
      redirect: "manual",
    });
    expect(signOut.status).toBeLessThan(500);
    expect(await sessionRows()).toBe(sessionsBefore);
  });
});

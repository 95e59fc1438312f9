import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { signInUser } from "../setup/api-test-server";
import { startSmtpTestServer, type SmtpTestServer } from "../setup/smtp-test-server";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";

let smtp: SmtpTestServer;
let site: WebTestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  site = await startWebTestServer({
    now: "2026-11-23T08:00:00+07:00",
    env: { SMTP_URL: smtp.url },
  });
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

/** A signed-in same-origin form POST, as the Alerts tab sends it, in a page's language. */
function post(path: string, fields: Record<string, string>, cookie: string, language?: string) {
  return fetch(`${site.baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      origin: site.baseUrl,
      cookie,
      ...(language ? { "accept-language": language } : {}),
    },
    redirect: "manual",
  });
}

async function alertLocale(userId: string) {
  const [row] = await site.services.db
    .select({ locale: users.alertLocale })
    .from(users)
    .where(eq(users.id, userId));
  return row!.locale;
}

describe("the language alerts speak", () => {
  it("is the language of the page the user last acted on the Alerts tab from", async () => {
    const { userId, cookie } = await signInUser(site.services, "sari@example.com");
    expect(await alertLocale(userId)).toBe("en");

    // Turning the e-mail digest on from an Indonesian page.
    const on = await post("/alerts/email", { enabled: "true", hour: "7" }, cookie, "id");
    expect(on.status).toBe(200);
    expect(await alertLocale(userId)).toBe("id");

    // Saving a search from an English page (a browser that prefers English).
    const saved = await post(
      "/alerts/searches",
      { search: "python", type: "", language: "", rating: "0" },
      cookie,
      "en-US,en;q=0.9,id;q=0.8",
    );
    expect(saved.status).toBe(201);
    expect(await alertLocale(userId)).toBe("en");

    // A no-JavaScript form says its page's language in its `lang` field.
    const watched = await post(
      "/alerts/watches",
      { url: "https://www.udemy.com/course/belajar-python/", lang: "id" },
      cookie,
      "en",
    );
    expect(watched.status).toBe(200);
    expect(await alertLocale(userId)).toBe("id");
  });
});

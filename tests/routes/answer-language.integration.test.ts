import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../server/db/schema";
import { AI_RATE_LIMITS } from "../../server/domain/ai/ai-rate-limits";
import { createRedeemCodes } from "../../server/domain/accounts/redeem";
import { FLASH_COOKIE } from "../../server/web/cookies";
import { couponRecord, seedCourses, signInUser } from "../setup/api-test-server";
import { BROWSER_UA, startWebTestServer, type WebTestServer } from "../setup/web-test-server";

/**
 * The whole site answers in the request's language (issue 22): the site's scripts send their
 * page's language as Accept-Language, a no-JS form its `lang` field; without either, every
 * answer stays exactly the English it always was.
 */

let site: WebTestServer;
let courseId: number;
let users = 0;

beforeAll(async () => {
  site = await startWebTestServer();
  await seedCourses(site.services, [
    couponRecord({ slug: "python-for-data-science", title: "Python for Data Science" }),
    couponRecord({ slug: "python-web-apps", title: "Python Web Apps with Flask" }),
  ]);
  courseId = (await site.services.db.select({ id: courses.id }).from(courses))[0]!.id;
}, 180_000);
afterAll(async () => site?.stop());

async function someone(): Promise<string> {
  users += 1;
  return (await signInUser(site.services, `answer-language-${users}@example.com`)).cookie;
}

function post(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${site.baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: site.baseUrl, ...headers },
    redirect: "manual",
  });
}

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${site.baseUrl}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { origin: site.baseUrl, "content-type": "application/json", ...headers },
  });
}

type Answer = { success?: boolean; message?: string; error?: { message?: string } | string };

/** The flash toast a redirect sets: what the next page shows. */
function flashOf(response: Response): { type: string; message: string } | null {
  for (const cookie of response.headers.getSetCookie()) {
    if (!cookie.startsWith(`${FLASH_COOKIE}=`)) continue;
    const value = cookie.slice(FLASH_COOKIE.length + 1).split(";")[0]!;
    return JSON.parse(decodeURIComponent(value)) as { type: string; message: string };
  }
  return null;
}

const INDONESIAN = { "accept-language": "id" };

describe("redeem", () => {
  it("refuses an invalid code in Indonesian for an Indonesian page, in English otherwise", async () => {
    const cookie = await someone();
    const id = await post("/redeem", { code: "NOSUCHCODE1" }, { cookie, ...INDONESIAN });
    expect(await id.json()).toMatchObject({
      success: false,
      message: "Kode ini tidak valid. Periksa lagi, lalu coba kembali.",
    });
    const en = await post("/redeem", { code: "NOSUCHCODE2" }, { cookie });
    expect(await en.json()).toMatchObject({
      success: false,
      message: "This code is not valid. Please check it and try again.",
    });
  });

  it("says what a code gave in the page's language, with its number", async () => {
    const [code] = await createRedeemCodes(site.services, {
      type: "credits",
      credits: 25,
      maxUses: 5,
    });
    const id = await post("/redeem", { code: code! }, { cookie: await someone(), ...INDONESIAN });
    expect(await id.json()).toMatchObject({
      success: true,
      message: "Kode berhasil ditukar! 25 kredit sudah ditambahkan ke akunmu.",
      details: { creditsAdded: 25 },
    });
    const en = await post("/redeem", { code: code! }, { cookie: await someone() });
    expect((await en.json()) as Answer).toMatchObject({
      message: "Code redeemed! 25 credits have been added to your account.",
    });
  });

  it("a form's lang field wins over the browser's Accept-Language", async () => {
    const response = await post(
      "/redeem",
      { code: "", lang: "id" },
      { cookie: await someone(), "accept-language": "en-US,en;q=0.9" },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Masukkan kode dulu, ya." });
  });

  it("rate-limits invalid attempts in the page's language", async () => {
    const cookie = await someone();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // Over two minutes, so the IP's limit (10 redeem tries a minute) is not what answers.
      if (attempt === 5) site.clock.advance(60_000);
      await post("/redeem", { code: `WRONGCODE${attempt}` }, { cookie });
    }
    const id = await post("/redeem", { code: "WRONGCODE11" }, { cookie, ...INDONESIAN });
    expect(id.status).toBe(429);
    expect(await id.json()).toMatchObject({
      message: "Terlalu banyak percobaan yang gagal. Coba lagi satu jam lagi.",
    });
    const en = await post("/redeem", { code: "WRONGCODE12" }, { cookie });
    expect(await en.json()).toMatchObject({
      message: "Too many invalid attempts. Please try again in an hour.",
    });
  });
});

describe("reviews", () => {
  it("validates in the page's language", async () => {
    const cookie = await someone();
    const fields = { courseId: String(courseId), rating: "0", text: "Bagus sekali" };
    const id = await post("/reviews", fields, { cookie, ...INDONESIAN });
    expect(id.status).toBe(400);
    expect(await id.json()).toMatchObject({ success: false, message: "Silakan pilih rating." });
    const en = await post("/reviews", fields, { cookie });
    expect(await en.json()).toMatchObject({ message: "Please select a rating." });
  });

  it("thanks in the page's language; signing in first is asked for in it too", async () => {
    const thanks = await post(
      "/reviews",
      { courseId: String(courseId), rating: "5", text: "Materinya jelas." },
      { cookie: await someone(), ...INDONESIAN },
    );
    expect(await thanks.json()).toMatchObject({
      success: true,
      message: "Terima kasih! Ulasanmu sudah terkirim.",
    });
    const anonymous = await post("/reviews", { courseId: String(courseId) }, INDONESIAN);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      message: "Silakan masuk dulu untuk menulis ulasan.",
    });
  });
});

describe("favourites", () => {
  it("answers the heart's script in the page's language", async () => {
    const cookie = await someone();
    const id = await post(
      "/favourites",
      { courseId: String(courseId), favourite: "true" },
      { cookie, ...INDONESIAN },
    );
    expect(await id.json()).toMatchObject({
      success: true,
      message: "Kursus ditambahkan ke favorit!",
    });
    const en = await post(
      "/favourites",
      { courseId: String(courseId), favourite: "false" },
      {
        cookie,
      },
    );
    expect(await en.json()).toMatchObject({ message: "Course removed from favorites" });
  });

  it("a no-JS heart on an /id page goes back to that page with an Indonesian toast", async () => {
    const back = "/id/course/python-for-data-science";
    const response = await post(
      "/favourites",
      { courseId: String(courseId), favourite: "true", redirectTo: back, lang: "id" },
      { cookie: await someone(), "accept-language": "en" },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(back);
    expect(flashOf(response)).toEqual({
      type: "success",
      message: "Kursus ditambahkan ke favorit!",
    });
    const english = await post("/favourites", {
      courseId: String(courseId),
      favourite: "true",
      redirectTo: "/course/python-for-data-science",
    });
    expect(flashOf(english)?.message).toBe("Course added to favorites!");
  });
});

describe("sign-in", () => {
  it("the local sign-in form from /id keeps the visitor there with an Indonesian toast", async () => {
    const response = await post("/auth/dev", {
      email: "pembaca-baru@example.com",
      redirectTo: "/id/articles",
      lang: "id",
    });
    expect(response.headers.get("location")).toBe("/id/articles");
    expect(flashOf(response)).toEqual({
      type: "success",
      message: "Akun berhasil dibuat! Selamat datang di Kursusku.",
    });
  });

  it("Google's refusal speaks the page's language", async () => {
    const id = await postJson("/auth/google", { credential: "" }, INDONESIAN);
    expect(await id.json()).toMatchObject({
      error: { message: "Gagal masuk dengan Google. Coba lagi, ya." },
    });
    const en = await postJson("/auth/google", { credential: "" });
    expect(await en.json()).toMatchObject({
      error: { message: "Google Sign-In failed. Please try again." },
    });
  });
});

describe("app bonus and push", () => {
  it("asks to sign in in the page's language", async () => {
    const bonus = await post("/auth/app-bonus", {}, INDONESIAN);
    expect(await bonus.json()).toMatchObject({
      message: "Silakan masuk dulu untuk mengklaim bonus aplikasimu.",
    });
    const push = await post("/push/test", {}, INDONESIAN);
    expect(push.status).toBe(401);
    expect(await push.json()).toMatchObject({
      message: "Masuk dulu untuk menyalakan notifikasi push.",
    });
  });
});

describe("AI", () => {
  it("the compass on /id advises in Indonesian (offline provider)", async () => {
    const response = await postJson(
      "/api/ai",
      { task: "compass", contents: "saya ingin belajar python untuk data science" },
      { cookie: await someone(), ...INDONESIAN },
    );
    expect(response.status).toBe(200);
    const guidance = JSON.parse(((await response.json()) as { text: string }).text) as {
      advice: string;
      suggestedSkills: { searchKeywords: string[] }[];
    };
    expect(guidance.advice).toMatch(/^Mulailah dengan /);
    expect(guidance.advice).toContain("Kami menemukan");
    // Keywords stay the catalogue's words: they search English titles.
    expect(guidance.suggestedSkills.flatMap((skill) => skill.searchKeywords)).toContain("Python");
    const english = await postJson(
      "/api/ai",
      { task: "compass", contents: "saya ingin belajar python untuk data science" },
      { cookie: await someone() },
    );
    const advice = (
      JSON.parse(((await english.json()) as { text: string }).text) as {
        advice: string;
      }
    ).advice;
    expect(advice).toMatch(/^Start with /);
  });

  it("trending on /id is explained in Indonesian", async () => {
    const response = await postJson(
      "/api/ai",
      { task: "trending", contents: "" },
      { cookie: await someone(), ...INDONESIAN },
    );
    const topic = JSON.parse(((await response.json()) as { text: string }).text) as {
      topic: string;
      explanation: string;
    };
    expect(topic.topic).toMatch(/^Baru di /);
    expect(topic.explanation).toContain("Kupon gratis cepat habis");
  });

  it("refuses and rate-limits in the page's language", async () => {
    const cookie = await someone();
    for (let request = 0; request < AI_RATE_LIMITS.perViewer; request += 1) {
      const refused = await postJson(
        "/api/ai",
        { task: "compass", contents: " " },
        { cookie, ...(request === 0 ? INDONESIAN : {}) },
      );
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe(
        request === 0 ? "Ceritakan dulu tujuan belajarmu." : "Please describe your learning goal.",
      );
    }
    const limited = await postJson(
      "/api/ai",
      { task: "compass", contents: "x" },
      {
        cookie,
        ...INDONESIAN,
      },
    );
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: "Terlalu banyak permintaan AI. Tunggu sebentar, lalu coba lagi.",
    });
  });
});

describe("the personal layer on shared pages", () => {
  async function noScriptBar(path: string, cookie: string): Promise<string> {
    const response = await fetch(`${site.baseUrl}${path}`, {
      headers: { cookie, "user-agent": BROWSER_UA },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    return /data-testid="no-script-personal-bar">(.*?)<\/div><\/noscript>/.exec(html)?.[1] ?? "";
  }

  it("speaks each page's language, and a visitor's English and Indonesian endings never mix", async () => {
    const cookie = await someone();
    const english = await noScriptBar("/", cookie);
    expect(english).toContain("Signed in as");
    expect(english).toContain('href="/dashboard">Dashboard</a>');
    const indonesian = await noScriptBar("/id", cookie);
    expect(indonesian).toContain("Masuk sebagai");
    expect(indonesian).toContain('href="/id/dashboard">Dasbor</a>');
    expect(indonesian).toContain('name="lang" value="id"');
    // Kept endings are per scope: asking again still gives each page its own.
    expect(await noScriptBar("/", cookie)).toContain("Signed in as");
    expect(await noScriptBar("/id", cookie)).toContain("Masuk sebagai");
  });

  it("signing out from an /id page lands on /id with an Indonesian toast", async () => {
    const response = await post("/auth/signout", { lang: "id" }, { cookie: await someone() });
    expect(response.headers.get("location")).toBe("/id");
    expect(flashOf(response)).toEqual({ type: "info", message: "Kamu sudah keluar." });
    const english = await post("/auth/signout", {}, { cookie: await someone() });
    expect(english.headers.get("location")).toBe("/");
    expect(flashOf(english)?.message).toBe("You have been signed out.");
  });
});

describe("the JSON action API", () => {
  it("stays English unless the client prefers Indonesian", async () => {
    const english = await fetch(`${site.baseUrl}/api?action=nosuchaction`, {
      headers: { "accept-language": "en-US,en;q=0.9,id;q=0.8" },
    });
    expect(await english.json()).toEqual({ error: { message: "Unknown action: nosuchaction" } });
    const signIn = await fetch(`${site.baseUrl}/api`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "id-ID,id;q=0.9" },
      body: JSON.stringify({ action: "addReview", courseId, rating: 5, review: "Mantap" }),
    });
    expect(signIn.status).toBe(401);
    expect(await signIn.json()).toEqual({ error: { message: "Silakan masuk dulu." } });
  });
});

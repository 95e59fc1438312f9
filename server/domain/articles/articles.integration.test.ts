import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ARTICLE_MESSAGES } from "../../../core/article-rules";
import type { ModerationVerdict } from "../../../core/ai-schemas";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { createAiProvider } from "../../adapters/ai";
import { AiProviderError, type AiProvider, type ProviderReply } from "../../adapters/ai/types";
import type { ImageStore } from "../../adapters/image-store/image-store";
import { articles, users, type UserRow } from "../../db/schema";
import { signInWithLocalIdentity } from "../accounts/accounts";
import {
  ArticleCheckUnavailable,
  ArticleRejected,
  articleCooldownRemainingMs,
  describeArticleEligibility,
  findArticle,
  listArticles,
  readArticleImage,
  submitArticle,
  type StoredModeration,
} from "./articles";
import { listArticlesForOperators, setArticleStatus } from "./operator-articles";
import { listSitemapEntries } from "../catalog/sitemap";
import { Forbidden, LimitReached, NotFound } from "../common/errors";

const NOW = "2026-11-22T10:00:00+07:00";
const CONTENT =
  "Python is a friendly first language. This article walks through variables, loops and functions with small examples.";
const SAFE: ModerationVerdict = { isSafe: true, reason: "Looks fine." };

/** An AI stand-in: words in the text decide the answer, every call is counted. */
function createStubAi() {
  const calls = { text: 0, image: 0 };
  let imageVerdict: ModerationVerdict = SAFE;
  const textReply = (text: string): ProviderReply<ModerationVerdict> => {
    if (text.includes("OUTAGE")) throw new AiProviderError("the AI is down", 503);
    if (text.includes("GARBLED")) return { ok: false, raw: "not json" };
    if (text.includes("UNSAFE")) {
      return { ok: true, value: { isSafe: false, reason: "It contains a banned word." } };
    }
    return { ok: true, value: SAFE };
  };
  const provider: AiProvider = {
    name: "stub",
    async moderateText({ text }) {
      calls.text += 1;
      return textReply(text);
    },
    async moderateImage() {
      calls.image += 1;
      return { ok: true, value: imageVerdict };
    },
    compass: () => Promise.reject(new Error("not used")),
    trending: () => Promise.reject(new Error("not used")),
    warmUp: () => undefined,
  };
  return {
    provider,
    calls,
    setImageVerdict(verdict: ModerationVerdict) {
      imageVerdict = verdict;
    },
  };
}

function createMemoryImageStore() {
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const store: ImageStore = {
    async put(key, bytes, contentType) {
      files.set(key, { bytes: new Uint8Array(bytes), contentType });
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
    describe: () => "memory",
  };
  return { store, files };
}

let harness: TestServices;
let ai: ReturnType<typeof createStubAi>;
let images: ReturnType<typeof createMemoryImageStore>;
let sequence = 0;

type Kind = "standard" | "premium" | "temporary" | "expired" | "app";

async function newUser(kind: Kind): Promise<UserRow> {
  sequence += 1;
  const { user } = await signInWithLocalIdentity(harness.services, {
    email: `${kind}-${sequence}@example.com`,
  });
  const now = harness.services.clock.now().getTime();
  const changes: Partial<UserRow> =
    kind === "premium"
      ? { isPremium: true }
      : kind === "temporary"
        ? { premiumUntil: new Date(now + 30 * 60_000) }
        : kind === "expired"
          ? { premiumUntil: new Date(now - 60_000) }
          : kind === "app"
            ? { isAppUser: true }
            : {};
  if (Object.keys(changes).length === 0) return user;
  const [updated] = await harness.services.db
    .update(users)
    .set(changes)
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

function submit(
  user: UserRow,
  input: Partial<{
    title: string;
    content: string;
    author: string;
    image: Uint8Array;
    locale: "en" | "id";
  }> = {},
  isAppClient = false,
) {
  return submitArticle(
    harness.services,
    { user, isAppClient },
    {
      title: "Learn Python the Friendly Way",
      content: CONTENT,
      author: "Budi Santoso",
      ...input,
    },
  );
}

async function articleCount(): Promise<number> {
  const [row] = await harness.services.db.select({ total: count() }).from(articles);
  return row?.total ?? 0;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

function png(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  harness = await createTestServices({ now: NOW });
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  harness.clock.set(NOW);
  ai = createStubAi();
  images = createMemoryImageStore();
  harness.services.ai = ai.provider;
  harness.services.images = images.store;
  await harness.services.db.delete(articles);
});

describe("who may submit", () => {
  it("refuses standard users and users whose temporary premium ended", async () => {
    for (const kind of ["standard", "expired"] as const) {
      const error = await rejection(submit(await newUser(kind)));
      expect(error).toBeInstanceOf(Forbidden);
      expect((error as Error).message).toBe(
        "Only Premium members or App users can submit articles.",
      );
    }
    expect(await articleCount()).toBe(0);
    expect(ai.calls.text).toBe(0);
  });

  it("lets premium, temporary premium and app users publish", async () => {
    for (const kind of ["premium", "temporary", "app"] as const) {
      const result = await submit(await newUser(kind));
      expect(result.message).toMatch(/article added/i);
      expect(await findArticle(harness.services, result.article.articleId)).not.toBeNull();
    }
    // A standard account that signs in from the companion app counts as an app user.
    const fromApp = await submit(await newUser("standard"), {}, true);
    expect(fromApp.article.articleId).toBeGreaterThan(0);
    expect(await articleCount()).toBe(4);
  });

  it("publishes an app user's article under their e-mail, whatever author was sent", async () => {
    const user = await newUser("app");
    const { article } = await submit(user, { author: "Someone Else" });
    expect(article.author).toBe(user.email);
  });

  it("tells the form who may write and how long the cooldown still runs", async () => {
    const standard = await describeArticleEligibility(harness.services, {
      user: await newUser("standard"),
      isAppClient: false,
    });
    expect(standard.eligible).toBe(false);
    expect(
      (await describeArticleEligibility(harness.services, { user: null, isAppClient: true }))
        .eligible,
    ).toBe(false);

    const premium = await newUser("premium");
    expect(
      await describeArticleEligibility(harness.services, { user: premium, isAppClient: false }),
    ).toEqual({ eligible: true, signedIn: true, cooldownRemainingMs: 0, fixedAuthor: null });
    await submit(premium);
    harness.clock.advance(90_000);
    const after = await describeArticleEligibility(harness.services, {
      user: premium,
      isAppClient: false,
    });
    expect(after).toMatchObject({ eligible: true, cooldownRemainingMs: 510_000 });

    const app = await newUser("app");
    expect(
      await describeArticleEligibility(harness.services, { user: app, isAppClient: false }),
    ).toMatchObject({ eligible: true, fixedAuthor: app.email });
  });
});

describe("cooldown", () => {
  it("refuses a second article within 10 minutes, in whole minutes rounded up, then allows it", async () => {
    const user = await newUser("premium");
    await submit(user);

    const immediately = await rejection(submit(user, { title: "A Second Article Title" }));
    expect(immediately).toBeInstanceOf(LimitReached);
    expect((immediately as Error).message).toBe(
      "Please wait 10 minutes before submitting another article.",
    );

    harness.clock.advance(4 * 60_000 + 30_000); // 5 min 30 s left → 6
    expect((await rejection(submit(user))) as Error).toHaveProperty(
      "message",
      "Please wait 6 minutes before submitting another article.",
    );
    harness.clock.advance(5 * 60_000 + 1_000); // 29 s left → 1
    expect((await rejection(submit(user))) as Error).toHaveProperty(
      "message",
      "Please wait 1 minute before submitting another article.",
    );
    expect(await articleCount()).toBe(1);

    harness.clock.advance(29_000); // exactly 10 minutes later
    expect(await articleCooldownRemainingMs(harness.services, user.id)).toBe(0);
    await submit(user, { title: "A Second Article Title" });
    expect(await articleCount()).toBe(2);
  });

  it("lets only one of two simultaneous submissions through", async () => {
    const user = await newUser("premium");
    const results = await Promise.allSettled([
      submit(user, { title: "First of Two at Once" }),
      submit(user, { title: "Second of Two at Once" }),
    ]);
    const fulfilled = results.filter((result) => result.status === "fulfilled");
    const rejected = results.filter((result) => result.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(LimitReached);
    expect(await articleCount()).toBe(1);
  });

  it("counts per user: another author is not held up", async () => {
    await submit(await newUser("premium"));
    await submit(await newUser("premium"));
    expect(await articleCount()).toBe(2);
  });
});

describe("validation", () => {
  const cases: Array<[string, Partial<{ title: string; content: string; author: string }>]> = [
    ["Title is required.", { title: "   " }],
    ["Title must be at least 10 characters long.", { title: "  Too short  " }],
    ["Title must be 100 characters or less.", { title: "x".repeat(101) }],
    ["Content is required.", { content: "" }],
    ["Content must be at least 50 characters long.", { content: `${"y".repeat(49)}     ` }],
    ["Author is required.", { author: "  " }],
  ];
  for (const [message, input] of cases) {
    it(`refuses with "${message}"`, async () => {
      const error = await rejection(submit(await newUser("premium"), input));
      expect(error).toBeInstanceOf(ArticleRejected);
      expect((error as Error).message).toBe(message);
      expect(Object.values((error as ArticleRejected).fieldErrors)).toContain(message);
      expect(ai.calls.text).toBe(0);
    });
  }

  it("reports every field's error at once", async () => {
    const error = (await rejection(
      submit(await newUser("premium"), { title: "", content: "short", author: "" }),
    )) as ArticleRejected;
    expect(error.fieldErrors).toEqual({
      title: "Title is required.",
      content: "Content must be at least 50 characters long.",
      author: "Author is required.",
    });
  });

  it("accepts the boundaries: 10 and 100 characters of title, 50 of content", async () => {
    await submit(await newUser("premium"), { title: "0123456789", content: "z".repeat(50) });
    await submit(await newUser("premium"), { title: "t".repeat(100) });
    expect(await articleCount()).toBe(2);
  });
});

describe("moderation on the server", () => {
  it("refuses an unsafe title or content even when the browser skipped its check", async () => {
    const user = await newUser("premium");
    const title = (await rejection(
      submit(user, { title: "UNSAFE words in a title" }),
    )) as ArticleRejected;
    expect(title).toBeInstanceOf(ArticleRejected);
    expect(title.message).toBe(
      "Your title was not accepted by the AI content check: It contains a banned word.",
    );
    expect(title.fieldErrors).toEqual({ title: "It contains a banned word." });

    const content = (await rejection(
      submit(user, { content: `${CONTENT} UNSAFE` }),
    )) as ArticleRejected;
    expect(content.fieldErrors).toEqual({ content: "It contains a banned word." });
    expect(ai.calls.text).toBe(4);
    expect(await articleCount()).toBe(0);
    // A refusal does not start the cooldown.
    await submit(user);
  });

  it("refuses an unsafe image", async () => {
    ai.setImageVerdict({ isSafe: false, reason: "The image appears to be explicit." });
    const error = (await rejection(
      submit(await newUser("premium"), { image: await png(40, 30) }),
    )) as ArticleRejected;
    expect(error.fieldErrors).toEqual({ image: "The image appears to be explicit." });
    expect(images.files.size).toBe(0);
    expect(await articleCount()).toBe(0);
  });

  it("refuses with a retry message when the AI is unavailable or unreadable; nothing is stored", async () => {
    const user = await newUser("premium");
    const outage = await rejection(submit(user, { title: "OUTAGE during the check" }));
    expect(outage).toBeInstanceOf(ArticleCheckUnavailable);
    expect((outage as ArticleCheckUnavailable).status).toBe(503);
    expect((outage as Error).message).toMatch(/not published\. Please try again/);

    const garbled = await rejection(submit(user, { content: `${CONTENT} GARBLED` }));
    expect(garbled).toBeInstanceOf(ArticleCheckUnavailable);
    expect(await articleCount()).toBe(0);
  });

  it("uses the offline provider's verdict (real word lists)", async () => {
    harness.services.ai = createAiProvider(
      { geminiApiKey: undefined, geminiModel: "unused", geminiBaseUrl: undefined, timeoutMs: 1000 },
      {
        classifier: {
          classify: async () => [
            { className: "Neutral", probability: 0.98 },
            { className: "Drawing", probability: 0.01 },
            { className: "Sexy", probability: 0.005 },
            { className: "Porn", probability: 0.003 },
            { className: "Hentai", probability: 0.002 },
          ],
          warmUp: () => undefined,
        },
      },
    );
    const user = await newUser("premium");
    const error = (await rejection(
      submit(user, { title: "This course is shit and useless" }),
    )) as ArticleRejected;
    expect(error).toBeInstanceOf(ArticleRejected);
    expect(error.fieldErrors.title).toMatch(/offensive language/);
    // From an Indonesian page the reason is written in Indonesian.
    const refusedInIndonesian = (await rejection(
      submit(user, { title: "This course is shit and useless", locale: "id" }),
    )) as ArticleRejected;
    expect(refusedInIndonesian.fieldErrors.title).toBe('Judul mengandung kata kasar ("s**t").');

    const { article } = await submit(user, { image: await png(64, 48) });
    const [row] = await harness.services.db
      .select({ moderation: articles.moderation })
      .from(articles)
      .where(eq(articles.id, article.articleId));
    const moderation = row?.moderation as StoredModeration;
    expect(moderation.provider).toBe("local (offline)");
    expect(moderation.title.isSafe).toBe(true);
    expect(moderation.content.isSafe).toBe(true);
    expect(moderation.image?.isSafe).toBe(true);
  });
});

describe("cover images", () => {
  it("refuses a file whose bytes are not an image, whatever it is named", async () => {
    const user = await newUser("premium");
    const text = new TextEncoder().encode("just some text pretending to be cover.png");
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const bytes of [text, svg]) {
      const error = (await rejection(submit(user, { image: bytes }))) as ArticleRejected;
      expect(error).toBeInstanceOf(ArticleRejected);
      expect(error.fieldErrors.image).toBe(ARTICLE_MESSAGES.imageWrongType);
    }
    // A PNG signature followed by garbage: the type is right, the image is not.
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const unreadable = (await rejection(submit(user, { image: broken }))) as ArticleRejected;
    expect(unreadable.fieldErrors.image).toBe(ARTICLE_MESSAGES.imageUnreadable);
    expect(ai.calls.image).toBe(0);
    expect(await articleCount()).toBe(0);
  });

  it("refuses an image over 2 MB", async () => {
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(await png(10, 10));
    const error = (await rejection(
      submit(await newUser("premium"), { image: big }),
    )) as ArticleRejected;
    expect(error.message).toBe("Image size should not exceed 2MB.");
    expect(await articleCount()).toBe(0);
  });

  it("stores a WebP without EXIF, turned upright, at most 1600 px wide, served by key", async () => {
    // 2000×1000 pixels with EXIF orientation 6 (rotate 90°): upright it is 1000 wide, 2000 tall.
    const jpeg = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 200, g: 50, b: 50 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret camera owner" } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const { article } = await submit(await newUser("premium"), { image: jpeg });
    expect(article.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const key = article.imageUrl!.slice("/uploads/".length);
    const stored = await readArticleImage(harness.services, key);
    expect(stored?.contentType).toBe("image/webp");
    const metadata = await sharp(stored!.bytes).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([1000, 2000]);
    expect(Buffer.from(stored!.bytes).includes("secret camera owner")).toBe(false);

    harness.clock.advance(11 * 60_000);
    const wide = await submit((await newUser("premium")) as UserRow, {
      image: await png(2400, 600),
    });
    const wideKey = wide.article.imageUrl!.slice("/uploads/".length);
    const wideMeta = await sharp(
      (await readArticleImage(harness.services, wideKey))!.bytes,
    ).metadata();
    expect([wideMeta.width, wideMeta.height]).toEqual([1600, 400]);

    expect(await readArticleImage(harness.services, "missing.webp")).toBeNull();
    expect(await readArticleImage(harness.services, "../etc/passwd")).toBeNull();
  });
});

describe("list, detail and operators", () => {
  async function seed() {
    const neutral =
      "A practical guide with small examples, written for busy learners in Indonesia.";
    const rows = [
      { title: "Belajar Python untuk Pemula", content: `${neutral} Loops.`, author: "Budi" },
      { title: "Data Science Roadmap 2026", content: `${neutral} Pandas.`, author: "Siti Aminah" },
      {
        title: "Kubernetes in Production",
        content: `${neutral} PYTHON scripts.`,
        author: "budi s",
      },
    ];
    const ids: number[] = [];
    for (const row of rows) {
      harness.clock.advance(11 * 60_000);
      const { article } = await submit(await newUser("premium"), row);
      ids.push(article.articleId);
    }
    return ids;
  }

  it("lists newest first and searches title/content and author, case-insensitively", async () => {
    const [python, data, kube] = await seed();
    const all = await listArticles(harness.services);
    expect(all.articles.map((a) => a.articleId)).toEqual([kube, data, python]);
    expect(all.total).toBe(3);

    const bySearch = await listArticles(harness.services, { search: "python" });
    expect(bySearch.articles.map((a) => a.articleId)).toEqual([kube, python]);
    const byAuthor = await listArticles(harness.services, { author: "BUDI" });
    expect(byAuthor.articles.map((a) => a.articleId)).toEqual([kube, python]);
    const both = await listArticles(harness.services, { search: "roadmap", author: "siti" });
    expect(both.articles.map((a) => a.articleId)).toEqual([data]);
    expect((await listArticles(harness.services, { search: "%" })).total).toBe(0);
    expect((await listArticles(harness.services, { author: "nobody" })).articles).toEqual([]);
  });

  it("pages by 12", async () => {
    const user = await newUser("premium");
    for (let index = 0; index < 14; index += 1) {
      harness.clock.advance(11 * 60_000);
      await submit(user, { title: `Article number ${index + 1} of many` });
    }
    const first = await listArticles(harness.services);
    expect(first.articles).toHaveLength(12);
    expect(first.pageCount).toBe(2);
    const second = await listArticles(harness.services, { page: 2 });
    expect(second.articles.map((a) => a.title)).toEqual([
      "Article number 2 of many",
      "Article number 1 of many",
    ]);
    expect((await listArticles(harness.services, { page: 99 })).page).toBe(2);
  });

  it("hides an article from the list, the detail and the sitemap, and shows it again", async () => {
    const [python] = await seed();
    const hidden = await setArticleStatus(harness.services, python!, "hidden");
    expect(hidden.status).toBe("hidden");
    expect(await findArticle(harness.services, python!)).toBeNull();
    expect((await listArticles(harness.services)).articles.map((a) => a.articleId)).not.toContain(
      python,
    );
    const paths = (await listSitemapEntries(harness.services)).map((entry) => entry.path);
    expect(paths).not.toContain(`/article?id=${python}`);
    const operatorView = await listArticlesForOperators(harness.services);
    expect(operatorView.find((row) => row.id === python)?.status).toBe("hidden");

    await setArticleStatus(harness.services, python!, "published");
    expect(await findArticle(harness.services, python!)).not.toBeNull();
    await expect(setArticleStatus(harness.services, 999_999, "hidden")).rejects.toBeInstanceOf(
      NotFound,
    );
  });

  it("finds nothing for unknown or impossible ids", async () => {
    expect(await findArticle(harness.services, 123_456)).toBeNull();
    expect(await findArticle(harness.services, -1)).toBeNull();
    expect(await findArticle(harness.services, Number.NaN)).toBeNull();
    expect(await findArticle(harness.services, 2 ** 40)).toBeNull();
  });

  it("stores a readable slug and the verdicts", async () => {
    const { article } = await submit(await newUser("premium"), {
      title: "Belajar Ekonomi: Panduan Lengkap!",
    });
    expect(article.slug).toBe("belajar-ekonomi-panduan-lengkap");
    const [row] = await harness.services.db
      .select()
      .from(articles)
      .where(eq(articles.id, article.articleId));
    expect(row?.moderation).toMatchObject({ provider: "stub", title: SAFE, content: SAFE });
    expect(row?.createdAt.toISOString()).toBe(new Date(NOW).toISOString());
  });
});

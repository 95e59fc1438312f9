import { randomBytes } from "node:crypto";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import sharp from "sharp";
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  cooldownMessage,
  cooldownRemainingMs,
  validateArticleInput,
  type ArticleFieldErrors,
} from "../../../core/article-rules";
import { slugifyTitle } from "../../../core/article-paths";
import type { ModerationVerdict } from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import { articles, users, type ArticleRow, type UserRow } from "../../db/schema";
import { containing } from "../../db/like-pattern";
import type { Transaction } from "../../db/client";
import type { Services } from "../../services";
import { hasPremium } from "../accounts/accounts";
import { moderateImage, moderateText, sniffImageType } from "../ai/moderation";
import {
  AiUnavailable,
  DomainError,
  Forbidden,
  LimitReached,
  ValidationError,
} from "../common/errors";

/** A published article as everyone may read it. */
export type PublicArticle = {
  articleId: number;
  slug: string;
  title: string;
  content: string;
  author: string;
  /** Publication instant (ISO). */
  date: string;
  imageUrl: string | null;
};

export const ARTICLES_PAGE_SIZE = 12;

export type ArticleFilters = { search?: string; author?: string; page?: number; pageSize?: number };

/** Where an article's cover is served (uploads are stored by key through the image store). */
export function articleImageUrl(imageKey: string | null): string | null {
  if (!imageKey) return null;
  return /^https?:\/\//.test(imageKey) ? imageKey : `/uploads/${imageKey}`;
}

function toPublicArticle(row: ArticleRow): PublicArticle {
  return {
    articleId: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    author: row.author,
    date: row.createdAt.toISOString(),
    imageUrl: articleImageUrl(row.imageKey),
  };
}

/** Published articles, newest first; search by title/content and by author, case-insensitive. */
export async function listArticles(services: Services, filters: ArticleFilters = {}) {
  const conditions: SQL[] = [eq(articles.status, "published")];
  const search = filters.search?.trim().slice(0, ARTICLE_LIMITS.searchMaxChars);
  if (search)
    conditions.push(
      or(ilike(articles.title, containing(search)), ilike(articles.content, containing(search)))!,
    );
  const author = filters.author?.trim().slice(0, ARTICLE_LIMITS.searchMaxChars);
  if (author) conditions.push(ilike(articles.author, containing(author)));
  const where = and(...conditions);
  const pageSize = Math.min(Math.max(filters.pageSize ?? ARTICLES_PAGE_SIZE, 1), 100);
  const [totals] = await services.db.select({ total: count() }).from(articles).where(where);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(Math.floor(filters.page ?? 1) || 1, 1), pageCount);
  const rows = await services.db
    .select()
    .from(articles)
    .where(where)
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { articles: rows.map(toPublicArticle), total, page, pageCount, pageSize };
}

/** A published article, or null (unknown or hidden: both read as "not found"). */
export async function findArticle(services: Services, id: number): Promise<PublicArticle | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await services.db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.status, "published")));
  return row ? toPublicArticle(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Who may write, and when

type EligibilityFacts = Pick<UserRow, "isPremium" | "premiumUntil" | "isAppUser">;

/** Premium users (also temporary premium) and app users may write articles; nobody else. */
export function canWriteArticles(
  user: EligibilityFacts | null,
  isAppClient: boolean,
  now: Date,
): boolean {
  if (!user) return false;
  return hasPremium(user, now) || user.isAppUser || isAppClient;
}

/** App users with an e-mail publish under it: the author field is read-only for them. */
export function fixedAuthorFor(user: Pick<UserRow, "email" | "isAppUser">, isAppClient: boolean) {
  return (user.isAppUser || isAppClient) && user.email ? user.email : null;
}

async function lastSubmissionAt(db: Services["db"] | Transaction, userId: string) {
  const [row] = await db
    .select({ createdAt: articles.createdAt })
    .from(articles)
    .where(eq(articles.userId, userId))
    .orderBy(desc(articles.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Milliseconds until the user may submit again after the 10-minute cooldown (0: now). */
export async function articleCooldownRemainingMs(
  services: Services,
  userId: string,
): Promise<number> {
  return cooldownRemainingMs(await lastSubmissionAt(services.db, userId), services.clock.now());
}

/** What /articles/new needs to know about the viewer before showing the form. */
export async function describeArticleEligibility(
  services: Services,
  author: { user: UserRow | null; isAppClient: boolean },
) {
  const { user, isAppClient } = author;
  if (!user || !canWriteArticles(user, isAppClient, services.clock.now())) {
    return { eligible: false as const, signedIn: Boolean(user) };
  }
  return {
    eligible: true as const,
    signedIn: true,
    cooldownRemainingMs: await articleCooldownRemainingMs(services, user.id),
    fixedAuthor: fixedAuthorFor(user, isAppClient),
  };
}

// ---------------------------------------------------------------------------------------------
// Refusals

export type ArticleProblemField = "title" | "content" | "author" | "image";

/** The submission was refused for what it contains; `fieldErrors` say where. */
export class ArticleRejected extends ValidationError {
  override name = "ArticleRejected";
  constructor(
    message: string,
    readonly fieldErrors: Partial<Record<ArticleProblemField, string>>,
  ) {
    super(message);
  }
}

/** The AI check could not run or answer: nothing is published without a verdict. */
export class ArticleCheckUnavailable extends DomainError {
  override name = "ArticleCheckUnavailable";
  override readonly status = 503;
}

// ---------------------------------------------------------------------------------------------
// Cover images

/** Decompression-bomb guard: no cover needs more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;
const COVER_QUALITY = 80;

/**
 * Checks an upload by its bytes (JPEG, PNG, WebP or GIF, at most 2 MB, decodable), then
 * re-encodes it to WebP: turned upright by its EXIF orientation, at most 1600 px wide, without
 * any metadata (sharp writes none unless asked). Animated GIF/WebP stay animated.
 */
export async function prepareCoverImage(bytes: Uint8Array): Promise<Buffer> {
  const image = (message: string) => new ArticleRejected(message, { image: message });
  if (bytes.length > ARTICLE_LIMITS.imageMaxBytes) throw image(ARTICLE_MESSAGES.imageTooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw image(ARTICLE_MESSAGES.imageWrongType);
  try {
    const options = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS } as const;
    const metadata = await sharp(bytes, options).metadata();
    const animated = (metadata.pages ?? 1) > 1;
    const pipeline = animated
      ? sharp(bytes, { ...options, animated: true })
      : sharp(bytes, options);
    return await (animated ? pipeline : pipeline.rotate())
      .resize({ width: ARTICLE_LIMITS.coverMaxWidth, withoutEnlargement: true })
      .webp({ quality: COVER_QUALITY })
      .toBuffer();
  } catch {
    throw image(ARTICLE_MESSAGES.imageUnreadable);
  }
}

/** An uploaded cover for /uploads/:key, or null. */
export async function readArticleImage(services: Services, key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/.test(key) || key.includes("..")) return null;
  return services.images.get(key);
}

// ---------------------------------------------------------------------------------------------
// Submission

export type ArticleSubmission = {
  title: string;
  content: string;
  /** Ignored for app users with an e-mail: they publish under it. */
  author?: string | null;
  /** The cover's bytes (any claimed type is ignored: the bytes decide). */
  image?: Uint8Array | null;
  /**
   * The writer's page language: the AI checks' reasons (shown to the writer, and stored with
   * the article's verdicts) are written in it. English when not given.
   */
  locale?: Locale;
};

export type ArticleAuthor = { user: UserRow; isAppClient: boolean };

export type StoredModeration = {
  provider: string;
  checkedAt: string;
  title: ModerationVerdict;
  content: ModerationVerdict;
  image: ModerationVerdict | null;
};

const FIELD_LABEL = { title: "title", content: "content", image: "image" } as const;

async function moderateSubmission(
  services: Services,
  title: string,
  content: string,
  image: Uint8Array | null,
  locale: Locale,
): Promise<StoredModeration> {
  let checks;
  try {
    checks = await Promise.all([
      moderateText(services, "title", title, locale),
      moderateText(services, "content", content, locale),
      image ? moderateImage(services, image, locale) : Promise.resolve(null),
    ]);
  } catch (error) {
    if (error instanceof AiUnavailable) {
      services.logger.warn({ err: error }, "article moderation unavailable");
      throw new ArticleCheckUnavailable(ARTICLE_MESSAGES.aiUnavailable, { cause: error });
    }
    throw error;
  }
  const [titleCheck, contentCheck, imageCheck] = checks;
  const named = [
    ["title", titleCheck],
    ["content", contentCheck],
    ["image", imageCheck],
  ] as const;
  if (named.some(([, check]) => check && !check.readable)) {
    throw new ArticleCheckUnavailable(ARTICLE_MESSAGES.aiUnreadable);
  }
  const fieldErrors: Partial<Record<ArticleProblemField, string>> = {};
  for (const [field, check] of named) {
    if (check && !check.verdict.isSafe) fieldErrors[field] = check.verdict.reason;
  }
  const refused = Object.keys(fieldErrors) as Array<keyof typeof FIELD_LABEL>;
  if (refused.length > 0) {
    const first = refused[0]!;
    throw new ArticleRejected(
      `Your ${FIELD_LABEL[first]} was not accepted by the AI content check: ${fieldErrors[first]}`,
      fieldErrors,
    );
  }
  return {
    provider: services.ai.name,
    checkedAt: services.clock.now().toISOString(),
    title: titleCheck.verdict,
    content: contentCheck.verdict,
    image: imageCheck?.verdict ?? null,
  };
}

function refuseIfCoolingDown(lastAt: Date | null, now: Date) {
  const remaining = cooldownRemainingMs(lastAt, now);
  if (remaining > 0) throw new LimitReached(cooldownMessage(remaining));
}

/**
 * Article submission, enforced on the server: eligibility, the field rules, the AI
 * verdicts (the server's own, whatever the browser showed), the cover's real type and size, and
 * the 10-minute cooldown. The cooldown and eligibility are checked again inside the insert's
 * transaction with the user's row locked, so two submissions at once cannot both pass.
 */
export async function submitArticle(
  services: Services,
  author: ArticleAuthor,
  input: ArticleSubmission,
): Promise<{ article: PublicArticle; message: string }> {
  const { user, isAppClient } = author;
  if (!canWriteArticles(user, isAppClient, services.clock.now())) {
    throw new Forbidden(ARTICLE_MESSAGES.notEligible);
  }
  const fixedAuthor = fixedAuthorFor(user, isAppClient);
  const text = {
    title: String(input.title ?? ""),
    content: String(input.content ?? ""),
    author: fixedAuthor ?? String(input.author ?? ""),
  };
  const errors: ArticleFieldErrors = validateArticleInput(text);
  const firstError = Object.values(errors)[0];
  if (firstError) throw new ArticleRejected(firstError, errors);

  const image = input.image && input.image.length > 0 ? input.image : null;
  const cover = image ? await prepareCoverImage(image) : null;

  // Before spending AI calls: refuse early when the user is still cooling down.
  refuseIfCoolingDown(await lastSubmissionAt(services.db, user.id), services.clock.now());

  const title = text.title.trim();
  const content = text.content.trim();
  const moderation = await moderateSubmission(
    services,
    title,
    content,
    image,
    input.locale ?? "en",
  );

  const row = await services.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    const now = services.clock.now();
    if (!locked || !canWriteArticles(locked, isAppClient, now)) {
      throw new Forbidden(ARTICLE_MESSAGES.notEligible);
    }
    refuseIfCoolingDown(await lastSubmissionAt(tx, user.id), now);
    let imageKey: string | null = null;
    if (cover) {
      imageKey = `${randomBytes(16).toString("hex")}.webp`;
      await services.images.put(imageKey, cover, "image/webp");
    }
    const [inserted] = await tx
      .insert(articles)
      .values({
        slug: slugifyTitle(title),
        title,
        content,
        author: text.author.trim(),
        userId: user.id,
        imageKey,
        createdAt: now,
        moderation,
        status: "published",
      })
      .returning();
    return inserted!;
  });
  services.logger.info({ articleId: row.id, userId: user.id }, "article published");
  return { article: toPublicArticle(row), message: ARTICLE_MESSAGES.added };
}

import { count, desc, eq, gte, ilike, lte, or, sql } from "drizzle-orm";
import { addDays, startOfJakartaDay } from "../../../core/dates";
import {
  articles,
  auditLog,
  courses,
  favourites,
  ingestRuns,
  redeemCodes,
  users,
  visits,
  type UserRow,
} from "../../db/schema";
import { containing } from "../../db/like-pattern";
import type { Services } from "../../services";
import { isLocalSubject } from "../../adapters/google-identity/local-issuer";
import { listedCondition } from "../catalog/catalog";
import { NotFound, ValidationError } from "../common/errors";
import { toIngestServices } from "../ingest/ingest-services";
import { summariseSources } from "../ingest/source-health";
import { runIngest } from "../ingest/run-sources";
import { createRedeemCodes, type NewCodesRequest } from "../accounts/redeem";

/**
 * Operators are the signed-in users whose e-mail is in ADMIN_EMAILS. In production only a
 * Google-verified account qualifies: the local dev sign-in proves nothing about who typed the
 * address, so its accounts never run the console there (offline and in tests they may).
 */
export function isAdmin(services: Services, user: Pick<UserRow, "id" | "email"> | null): boolean {
  if (user === null) return false;
  if (services.config.isProduction && isLocalSubject(user.id)) return false;
  return services.config.adminEmails.includes(user.email.toLowerCase());
}

/** Everyone else gets "not found": the console's existence is not advertised. */
export function requireAdmin(services: Services, user: UserRow | null): UserRow {
  if (!user || !isAdmin(services, user)) throw new NotFound("Page not found.");
  return user;
}

type Actor = Pick<UserRow, "id" | "email">;

async function audit(
  services: Services,
  actor: Actor,
  action: string,
  target: string | null,
  details?: unknown,
) {
  await services.db.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action,
    target,
    details: details ?? null,
    createdAt: services.clock.now(),
  });
}

export async function getAdminOverview(services: Services) {
  const now = services.clock.now();
  const today = services.clock.today();
  const weekStart = addDays(today, -6);
  const listed = listedCondition(services);
  const [
    [listedRow],
    [expiredRow],
    [addedRow],
    [usersRow],
    [signupsRow],
    opensByDay,
    articleRows,
    lastRuns,
  ] = await Promise.all([
    services.db.select({ n: count() }).from(courses).where(listed),
    services.db
      .select({ n: count() })
      .from(courses)
      .where(or(eq(courses.active, false), lte(courses.expiresAt, now))),
    services.db.select({ n: count() }).from(courses).where(eq(courses.date, today)),
    services.db.select({ n: count() }).from(users),
    services.db
      .select({ n: count() })
      .from(users)
      .where(gte(users.joinedAt, startOfJakartaDay(today))),
    services.db
      .select({ day: visits.day, n: count() })
      .from(visits)
      .where(gte(visits.day, weekStart))
      .groupBy(visits.day),
    services.db
      .select({ status: articles.status, n: count() })
      .from(articles)
      .groupBy(articles.status),
    services.db
      .selectDistinctOn([ingestRuns.source])
      .from(ingestRuns)
      .orderBy(ingestRuns.source, desc(ingestRuns.startedAt)),
  ]);
  const opens = new Map(opensByDay.map((row) => [row.day, row.n]));
  const days = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
  return {
    coursesListed: listedRow?.n ?? 0,
    coursesExpired: expiredRow?.n ?? 0,
    coursesAddedToday: addedRow?.n ?? 0,
    users: usersRow?.n ?? 0,
    signupsToday: signupsRow?.n ?? 0,
    opensToday: opens.get(today) ?? 0,
    opensLast7Days: days.map((day) => ({ day, opens: opens.get(day) ?? 0 })),
    articlesPublished: articleRows.find((row) => row.status === "published")?.n ?? 0,
    articlesHidden: articleRows.find((row) => row.status === "hidden")?.n ?? 0,
    lastRuns: lastRuns.map((run) => ({
      ...run,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
    })),
  };
}

export async function listIngestRuns(services: Services, limit = 30) {
  const rows = await services.db
    .select()
    .from(ingestRuns)
    .orderBy(desc(ingestRuns.startedAt))
    .limit(limit);
  return rows.map((run) => ({
    ...run,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  }));
}

/** Every source's last run, counts and a warning when it went quiet. */
export function listSourceHealth(services: Services) {
  return summariseSources(toIngestServices(services));
}

/** Sources an operator can run now (from INGEST_SOURCES). */
export function listIngestSources(services: Services): string[] {
  return toIngestServices(services).feeds.sources.map((source) => source.name);
}

/** "Run now" from the console: the same run as the schedule and the CLI, under the same lock. */
export async function adminRunIngest(services: Services, actor: Actor, source: string | null) {
  const summary = await runIngest(toIngestServices(services), source ? { source } : {});
  await audit(services, actor, "ingest.run", source ?? "all", {
    runId: summary.runId,
    found: summary.found,
    added: summary.added,
    updated: summary.updated,
    expired: summary.expired,
  });
  return summary;
}

export async function adminCreateCodes(services: Services, actor: Actor, request: NewCodesRequest) {
  const codes = await createRedeemCodes(services, request);
  await audit(services, actor, "codes.create", codes.join(","), {
    ...request,
    expiresAt: request.expiresAt?.toISOString() ?? null,
  });
  return codes;
}

export async function adminListCodes(services: Services) {
  const rows = await services.db
    .select()
    .from(redeemCodes)
    .orderBy(desc(redeemCodes.createdAt))
    .limit(500);
  return rows.map((row) => ({
    ...row,
    usesLeft: row.maxUses - row.uses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function adminSetCodeDisabled(
  services: Services,
  actor: Actor,
  code: string,
  disabled: boolean,
) {
  const [row] = await services.db
    .update(redeemCodes)
    .set({ disabled })
    .where(eq(redeemCodes.code, code))
    .returning({ code: redeemCodes.code });
  if (!row) throw new NotFound("No such code.");
  await audit(services, actor, disabled ? "codes.disable" : "codes.enable", code);
}

export async function adminListArticles(services: Services) {
  const rows = await services.db
    .select({
      id: articles.id,
      title: articles.title,
      author: articles.author,
      status: articles.status,
      createdAt: articles.createdAt,
      moderation: articles.moderation,
    })
    .from(articles)
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(200);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function adminSetArticleStatus(
  services: Services,
  actor: Actor,
  articleId: number,
  status: "published" | "hidden",
) {
  // NaN or a non-int4 id would otherwise fail inside the query (a 500) instead of "not found".
  if (!Number.isSafeInteger(articleId) || articleId <= 0 || articleId > 2_147_483_647) {
    throw new NotFound("No such article.");
  }
  const [row] = await services.db
    .update(articles)
    .set({ status })
    .where(eq(articles.id, articleId))
    .returning({ id: articles.id });
  if (!row) throw new NotFound("No such article.");
  services.cache.forget("articles:");
  await audit(
    services,
    actor,
    status === "hidden" ? "articles.hide" : "articles.unhide",
    String(articleId),
  );
}

export async function adminFindUsers(services: Services, emailQuery: string) {
  const query = emailQuery.trim();
  if (query === "") return [];
  const rows = await services.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isPremium: users.isPremium,
      premiumUntil: users.premiumUntil,
      creditBalance: users.creditBalance,
      clickCount: users.clickCount,
      isAppUser: users.isAppUser,
      joinedAt: users.joinedAt,
      // Qualified by hand: in a one-table select Drizzle prints `${users.id}` as a bare "id",
      // which inside the subquery would mean the subquery's own table.
      visits: sql<number>`(select count(*)::int from ${visits} where ${visits}.${sql.identifier("subject")} = ${users}.${sql.identifier("id")})`,
      favourites: sql<number>`(select count(*)::int from ${favourites} where ${favourites}.${sql.identifier("subject")} = ${users}.${sql.identifier("id")})`,
    })
    .from(users)
    .where(ilike(users.email, containing(query)))
    .orderBy(users.email)
    .limit(50);
  return rows.map((row) => ({
    ...row,
    // An expired temporary premium is no premium: show the account as standard.
    premiumUntil:
      row.premiumUntil && row.premiumUntil > services.clock.now()
        ? row.premiumUntil.toISOString()
        : null,
    joinedAt: row.joinedAt.toISOString(),
  }));
}

export async function adminSetPremium(
  services: Services,
  actor: Actor,
  userId: string,
  premium: boolean,
) {
  const [row] = await services.db
    .update(users)
    .set(premium ? { isPremium: true } : { isPremium: false, premiumUntil: null })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!row) throw new NotFound("No such user.");
  await audit(services, actor, premium ? "users.grant-premium" : "users.revoke-premium", userId);
}

export async function adminAddCredits(
  services: Services,
  actor: Actor,
  userId: string,
  credits: number,
) {
  if (!Number.isInteger(credits) || credits < 1 || credits > 10_000) {
    throw new ValidationError("Credits must be a whole number from 1 to 10000.");
  }
  const [row] = await services.db
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} + ${credits}` })
    .where(eq(users.id, userId))
    .returning({ balance: users.creditBalance });
  if (!row) throw new NotFound("No such user.");
  await audit(services, actor, "users.add-credits", userId, { credits, balance: row.balance });
  return row.balance;
}

export async function listAuditLog(services: Services, limit = 50) {
  const rows = await services.db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

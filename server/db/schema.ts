import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * One row per course (keyed by its canonical link). The coupon columns are private: they are
 * only revealed by opening the course through /go/:id, never in a page or an API answer.
 */
export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Canonical course URL without the coupon: the public key of reviews, favourites, history. */
    link: text("link").notNull(),
    couponCode: text("coupon_code"),
    couponUrl: text("coupon_url"),
    category: text("category").notNull(),
    subCategory: text("sub_category"),
    language: text("language"),
    level: text("level"),
    instructor: text("instructor"),
    headline: text("headline"),
    description: text("description"),
    imageUrl: text("image_url"),
    durationMinutes: integer("duration_minutes"),
    udemyRating: real("udemy_rating"),
    udemyReviews: integer("udemy_reviews"),
    students: integer("students"),
    usesRemaining: integer("uses_remaining"),
    /** Jakarta day (YYYY-MM-DD) on which the current coupon was first found. */
    date: date("date", { mode: "string" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When Udemy last said the current coupon is 100 % off; null: never asked. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** The source that last brought the current coupon; every source is in course_sources. */
    source: text("source").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    active: boolean("active").notNull().default(true),
    /** Kept in step with `reviews` in the same transaction, so lists can filter and sort on it. */
    reviewCount: integer("review_count").notNull().default(0),
    reviewAverage: real("review_average"),
  },
  (t) => [
    uniqueIndex("courses_link_key").on(t.link),
    // A course page is found by its slug (/course/:slug).
    uniqueIndex("courses_slug_key").on(t.slug),
    index("courses_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`),
    index("courses_listing_idx").on(t.active, t.date.desc(), t.id.desc()),
    index("courses_category_idx").on(t.category),
    // Similar courses on a course page: the same sub-category first.
    index("courses_sub_category_idx").on(t.subCategory),
    index("courses_expires_idx").on(t.expiresAt),
  ],
);

export const users = pgTable("users", {
  /** Google `sub`. */
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  name: text("name"),
  isPremium: boolean("is_premium").notNull().default(false),
  premiumUntil: timestamp("premium_until", { withTimezone: true }),
  creditBalance: integer("credit_balance").notNull().default(10),
  lastCreditResetDate: date("last_credit_reset_date", { mode: "string" }),
  clickCount: integer("click_count").notNull().default(0),
  isAppUser: boolean("is_app_user").notNull().default(false),
  appPremiumClaimedOn: date("app_premium_claimed_on", { mode: "string" }),
  joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Course-visit history: one row per subject, course and Jakarta day (re-opening the same course
 * on the same day is free and only moves `visited_at`). `subject` is a user id, or `anon:<id>`
 * for an anonymous visitor, so the same table serves both and sign-in can move rows across.
 * The unique key is also what makes concurrent opens of one course spend credit only once.
 */
export const visits = pgTable(
  "visits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text("subject").notNull(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull().defaultNow(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [
    uniqueIndex("visits_subject_course_day_key").on(t.subject, t.courseId, t.day),
    index("visits_subject_idx").on(t.subject, t.visitedAt.desc()),
    index("visits_course_idx").on(t.courseId, t.visitedAt),
  ],
);

export const favourites = pgTable(
  "favourites",
  {
    subject: text("subject").notNull(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.courseId] })],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    text: text("text").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_user_course_key").on(t.userId, t.courseId),
    index("reviews_course_idx").on(t.courseId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** Per-subject, per-Jakarta-day counters behind the daily limits. */
export const dailyCounters = pgTable(
  "daily_counters",
  {
    subject: text("subject").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    creditsUsed: integer("credits_used").notNull().default(0),
    reviews: integer("reviews").notNull().default(0),
    favouritesAdded: integer("favourites_added").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.day] })],
);

/**
 * One row per failed redeem attempt: the brute-force guard counts a user's rows of the last
 * 60 minutes (a sliding hour, so no burst fits across a clock-hour boundary). In the database, so
 * the guard holds across restarts and instances; rows older than the window are pruned.
 */
export const redeemFailures = pgTable(
  "redeem_failures",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("redeem_failures_user_idx").on(t.userId, t.failedAt),
    index("redeem_failures_failed_at_idx").on(t.failedAt),
  ],
);

export const redeemCodes = pgTable(
  "redeem_codes",
  {
    code: text("code").primaryKey(),
    type: text("type", { enum: ["premium", "credits"] }).notNull(),
    credits: integer("credits").notNull().default(0),
    /** Null means permanent premium. */
    premiumDays: integer("premium_days"),
    maxUses: integer("max_uses").notNull(),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check("redeem_codes_uses_bound", sql`${t.uses} <= ${t.maxUses}`)],
);

export const redemptions = pgTable(
  "redemptions",
  {
    code: text("code")
      .notNull()
      .references(() => redeemCodes.code, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.userId] })],
);

export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    author: text("author").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    imageKey: text("image_key"),
    createdAt: createdAt(),
    moderation: jsonb("moderation"),
    status: text("status", { enum: ["published", "hidden"] })
      .notNull()
      .default("published"),
  },
  (t) => [
    index("articles_listing_idx").on(t.status, t.createdAt.desc()),
    index("articles_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Every source that has found a course: the same course and coupon found by five sources is one
 * listing that remembers all five.
 */
export const courseSources = pgTable(
  "course_sources",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.source] })],
);

/** What one source did in one run, for the console's per-source view. */
export type SourceRunStats = {
  name: string;
  kind: string;
  ok: boolean;
  found: number;
  added: number;
  updated: number;
  duplicate: number;
  rejected: number;
  rejectedByCheck: number;
  errors: string[];
};

export const ingestRuns = pgTable("ingest_runs", {
  id: serial("id").primaryKey(),
  source: text("source").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  found: integer("found").notNull().default(0),
  added: integer("added").notNull().default(0),
  updated: integer("updated").notNull().default(0),
  expired: integer("expired").notNull().default(0),
  errors: jsonb("errors").$type<string[]>().notNull().default([]),
  sources: jsonb("sources").$type<SourceRunStats[]>().notNull().default([]),
});

/** Every operator action in /admin: who, what, when (issue 11). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: text("actor_user_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc())],
);

/**
 * One row the health check rewrites on every call: reads keep working on a full disk while every
 * write fails, so a check that only reads would report healthy. Rewriting this row proves a write
 * still reaches storage.
 */
export const healthHeartbeat = pgTable("health_heartbeat", {
  id: integer("id").primaryKey(),
  beatAt: timestamp("beat_at", { withTimezone: true }).notNull(),
});

/**
 * Rate-limit counts shared by every instance on PostgreSQL, in the exact shape
 * rate-limiter-flexible's RateLimiterPostgres reads and writes (`expire` is epoch milliseconds).
 * Created here, by migration, so instances starting together never race to create it. On the
 * embedded database the counts stay in memory and this table stays empty.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/**
 * One row per scheduled tick of a job: the instance that inserts it runs the tick, every other
 * instance sees the conflict and skips it, so a daily job runs once however many instances
 * share the database, even when the run is shorter than the instances' clock skew.
 */
export const jobClaims = pgTable(
  "job_claims",
  {
    job: text("job").notNull(),
    slot: timestamp("slot", { withTimezone: true }).notNull(),
    claimedBy: text("claimed_by").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/**
 * A browser's Web Push subscription for a signed-in user (one row per endpoint: the endpoint is
 * the browser's address at its push service). A subscription the push service says is gone, or
 * one that cannot be sent to any more, is kept disabled with a note for the user's dashboard
 * rather than tried again.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url) that messages are encrypted for. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledNote: text("disabled_note"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

export type CourseRow = typeof courses.$inferSelect;
export type NewCourseRow = typeof courses.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type IngestRunRow = typeof ingestRuns.$inferSelect;

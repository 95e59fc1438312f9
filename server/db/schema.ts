import { sql } from "drizzle-orm";
import { ALERT_CHANNELS } from "../../core/alert-rules";
import { CLAIM_STATES } from "../../core/claims";
import { LOCALES } from "../../core/locale";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
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
    /**
     * Our copy of the image (course-<hash>, stored in every width of core/course-images.ts), or
     * null: the page shows the cover we draw. Visitors never load image_url itself.
     */
    imageKey: text("image_key"),
    /** The image_url last fetched, stored or refused: not fetched again until image_url changes. */
    imageFetchedFrom: text("image_fetched_from"),
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
    /**
     * A course of the generated demo catalogue (seeded when no coupon source could be reached):
     * an example, not a live coupon. It opens nothing and leaves the list once a real run lists
     * courses (docs/decisions, "honest demo").
     */
    isDemo: boolean("is_demo").notNull().default(false),
    /** Kept in step with `reviews` in the same transaction, so lists can filter and sort on it. */
    reviewCount: integer("review_count").notNull().default(0),
    reviewAverage: real("review_average"),
    /** Udemy's numeric course id, from its course API (the coupon check asks by it). */
    udemyId: integer("udemy_id"),
    /** The day the instructor last updated the course, as Udemy says (YYYY-MM-DD). */
    lastUpdatedOn: date("last_updated_on", { mode: "string" }),
    /** False: free without any coupon (no certificate), never listed (decision 0037). */
    isPaid: boolean("is_paid"),
    /** The price without a coupon, in `list_price_currency` (e.g. 19.99 USD, 249000 IDR). */
    listPriceAmount: numeric("list_price_amount", { precision: 14, scale: 2, mode: "number" }),
    listPriceCurrency: text("list_price_currency"),
    /** What the learner will learn, as Udemy lists it; [] when Udemy gives nothing. */
    objectives: jsonb("objectives").$type<string[]>(),
    /** When Udemy's course API last answered for this course; null: never (asked next run). */
    factsFetchedAt: timestamp("facts_fetched_at", { withTimezone: true }),
    /**
     * The "Best first" order (core/quality-score.ts), stored whenever its inputs change (import,
     * Udemy's facts, our reviews) so a page reads it off an index; null: not scored yet.
     */
    qualityScore: real("quality_score"),
  },
  (t) => [
    uniqueIndex("courses_link_key").on(t.link),
    // A course page is found by its slug (/course/:slug).
    uniqueIndex("courses_slug_key").on(t.slug),
    index("courses_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`),
    // Hidden instructors: the few courses they hide are found and subtracted from the count.
    index("courses_instructor_trgm").using("gin", sql`${t.instructor} gin_trgm_ops`),
    // Every fact a filter compares, of active courses only: the count keeps them in memory and
    // loads them from this small index (≈ 5 MB at 50 000 courses) instead of the wide rows
    // (≈ 95 MB); a page of few matches finds them here (server/domain/catalog/listed-count.ts).
    index("courses_listed_facts_idx")
      .on(
        t.language,
        t.level,
        t.category,
        t.udemyRating,
        t.students,
        t.durationMinutes,
        t.lastUpdatedOn,
        t.isPaid,
        t.reviewAverage,
        t.date,
        t.expiresAt,
      )
      .where(sql`${t.active}`),
    index("courses_listing_idx").on(t.active, t.date.desc(), t.id.desc()),
    index("courses_category_idx").on(t.category),
    // Similar courses on a course page: the same sub-category first.
    index("courses_sub_category_idx").on(t.subCategory),
    index("courses_expires_idx").on(t.expiresAt),
    // The "rating" and "students" sorts, in their exact order, so a page of them reads 20 rows
    // off an index instead of sorting every listed course (55 ms → 1.6 ms at 50 000 courses).
    index("courses_rating_idx").on(
      t.udemyRating.desc().nullsLast(),
      t.udemyReviews.desc(),
      t.id.desc(),
    ),
    index("courses_students_idx").on(t.students.desc().nullsLast(), t.id.desc()),
    index("courses_quality_idx").on(t.qualityScore.desc().nullsLast(), t.id.desc()),
    // The run's facts questions: never asked first, then the longest ago.
    index("courses_facts_fetched_idx").on(t.factsFetchedAt.asc().nullsFirst()),
  ],
);

export const users = pgTable(
  "users",
  {
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
    /**
     * The language the user's alerts speak (e-mail, push, Telegram): the language of the page
     * they last acted on the Alerts tab from (decision 0026, "the language alerts speak").
     */
    alertLocale: text("alert_locale", { enum: LOCALES }).notNull().default("en"),
    /** Words and instructors the learner hides from course lists (saved from the filter bar). */
    hiddenWords: text("hidden_words").array().notNull().default(sql`'{}'::text[]`),
    hiddenInstructors: text("hidden_instructors").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [check("users_alert_locale_known", sql`${t.alertLocale} in ('en', 'id')`)],
);

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

/**
 * A signed-in learner's learning list (core/claims.ts, decision 0043). A course they opened is
 * claimed without a row (their visits say so, so opening a course writes nothing more); a row
 * is written once they mark a course "I already own this" or move it to Learning or Done.
 */
export const courseClaims = pgTable(
  "course_claims",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    state: text("state", { enum: CLAIM_STATES }).notNull().default("claimed"),
    /** Marked "I already own this" (claimed elsewhere, never opened here). */
    owned: boolean("owned").notNull().default(false),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    learningAt: timestamp("learning_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    check("course_claims_state_known", sql`${t.state} in ('claimed', 'learning', 'done')`),
  ],
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

/**
 * Every coupon seen for a course, kept after it ends and after the course leaves the list: the
 * course page's coupon history. `coupon_code` is '' for a course free without a code (an
 * instructor's own campaign). Private like courses.coupon_code: pages show only the dates and
 * sources.
 */
export const courseCoupons = pgTable(
  "course_coupons",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    couponCode: text("coupon_code").notNull(),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull(),
    /** When the coupon left the list (replaced, expired, refused by Udemy); null while listed. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The coupon's last known end time: an expired coupon ended then, not when a run noticed. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Every source that brought this coupon. */
    sources: text("sources").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.couponCode] }),
    // The coupons still open, which every ingest run compares with the courses.
    index("course_coupons_open_idx").on(t.courseId).where(sql`${t.endedAt} is null`),
  ],
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
  /** The source answered 304 Not Modified: not read again, its coupons count as still seen. */
  notModified?: boolean;
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

/**
 * What each coupon source's first page answered with last time it was read in full (its ETag and
 * Last-Modified), sent back as If-None-Match / If-Modified-Since: a 304 means the source has not
 * changed and none of its pages is read again.
 */
export const sourceValidators = pgTable("source_validators", {
  source: text("source").primaryKey(),
  /** The first page the validators belong to: another address is asked unconditionally. */
  url: text("url").notNull(),
  etag: text("etag"),
  lastModified: text("last_modified"),
  savedAt: timestamp("saved_at", { withTimezone: true }).notNull(),
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
 * A course a user waits on ("notify me when free"): each new coupon of it is told once per
 * channel. Watching a Udemy course we do not list yet creates an unlisted stub course for it.
 */
export const alertWatches = pgTable(
  "alert_watches",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The channels this alert is told on (see ALERT_CHANNELS); a new alert starts on those reaching its user then. */
    channels: text("channels")
      .array()
      .notNull()
      .default(sql`'{email,push,telegram}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("alert_watches_course_idx").on(t.courseId),
  ],
);

/**
 * The home filters a user saved as an alert (the sort is not a filter, so it is not kept). A new
 * coupon matches when every word is in its title (as the home search), and category, language
 * and minimum rating agree. `anchor` is what the matching joins on: the first four characters
 * of the longest word (null without words), so only searches that can match a new course are
 * looked at. `feed_token` names the search's private Atom feed; a new one revokes the old.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The words as the user typed them (trimmed), for display and the home link. */
    search: text("search").notNull().default(""),
    /** Lower-cased words; each must appear in the title. */
    words: text("words")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    anchor: text("anchor"),
    category: text("category"),
    language: text("language"),
    /** Minimum average of our reviews, 0 (any) to 5, as the home filter. */
    minRating: integer("min_rating").notNull().default(0),
    /** Words, category, language and rating in one string: one user saves a search once. */
    filterKey: text("filter_key").notNull(),
    feedToken: text("feed_token").notNull(),
    /** The channels this alert is told on (see ALERT_CHANNELS); a new alert starts on those reaching its user then. */
    channels: text("channels")
      .array()
      .notNull()
      .default(sql`'{email,push,telegram}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_searches_user_filter_key").on(t.userId, t.filterKey),
    uniqueIndex("saved_searches_feed_token_key").on(t.feedToken),
    index("saved_searches_anchor_idx").on(t.anchor),
    check("saved_searches_min_rating_range", sql`${t.minRating} between 0 and 5`),
  ],
);

/**
 * A user's alert channels. E-mail: at most one digest a day, at `email_hour` (Asia/Jakarta).
 * A channel that fails for good (a bounced address) or that the user left by the e-mail's
 * unsubscribe link is switched off with a note saying why, shown on the dashboard.
 */
export const alertChannels = pgTable(
  "alert_channels",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    emailEnabled: boolean("email_enabled").notNull().default(false),
    emailHour: integer("email_hour").notNull().default(7),
    emailNote: text("email_note"),
    /** Jakarta day of the last digest sent: the next waits for the next day. */
    emailLastDigestDay: date("email_last_digest_day", { mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("alert_channels_email_hour_range", sql`${t.emailHour} between 0 and 23`)],
);

/**
 * The durable alert queue: one row per user, course, coupon and channel, so nothing is queued
 * twice however often matching runs. A sender claims rows (pending → sending, with a claim token
 * and time), sends, then marks them sent; a claim older than its lease is taken again (its
 * sender died), which makes delivery at-least-once with a window of one SMTP reply.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * No foreign key: courses are never deleted (a retired course stays as an inactive row), and
     * its check cost a third of the time of queuing 100 000s of deliveries on the embedded
     * database.
     */
    courseId: integer("course_id").notNull(),
    /** The coupon that was told about ("" for a course free without a code). */
    couponCode: text("coupon_code").notNull(),
    channel: text("channel", { enum: ALERT_CHANNELS }).notNull(),
    reason: text("reason", { enum: ["watch", "search"] }).notNull(),
    /** The search that matched (for the e-mail's words); no foreign key: history outlives it. */
    savedSearchId: integer("saved_search_id"),
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimToken: text("claim_token"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("alert_deliveries_once_key").on(t.userId, t.courseId, t.couponCode, t.channel),
    index("alert_deliveries_waiting_idx")
      .on(t.channel, t.userId)
      .where(sql`${t.status} in ('pending', 'sending')`),
    // Matching reads who was told about the new courses.
    index("alert_deliveries_course_idx").on(t.courseId),
  ],
);

/**
 * Every coupon (course, code) that alert matching has looked at. Matching takes the listed
 * coupons missing here, so a run that died after ingest committed is caught up by the next one.
 */
export const alertMatchedCoupons = pgTable(
  "alert_matched_coupons",
  {
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    couponCode: text("coupon_code").notNull(),
    matchedAt: timestamp("matched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.couponCode] }),
    // The Telegram channel poster reads the coupons matched lately.
    index("alert_matched_coupons_matched_at_idx").on(t.matchedAt),
  ],
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

/**
 * A user's Telegram chat with our bot, linked by a one-time /start token. A chat that blocked the
 * bot (or is gone) is kept disabled with a note for the dashboard, never sent to again until the
 * user links it anew. One chat belongs to one account: linking it elsewhere moves it.
 */
export const telegramChats = pgTable(
  "telegram_chats",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Telegram's chat id (fits 52 bits, as Telegram promises). */
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledNote: text("disabled_note"),
  },
  (t) => [uniqueIndex("telegram_chats_chat_id_key").on(t.chatId)],
);

/**
 * One-time tokens of Telegram deep links (t.me/<bot>?start=<token>): only the SHA-256 of the
 * token is kept, so a database reader cannot link a chat to someone else's account.
 */
export const telegramLinkTokens = pgTable(
  "telegram_link_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("telegram_link_tokens_user_idx").on(t.userId)],
);

/**
 * The site's Telegram channel: one row per (channel, course, coupon) to post, posted once. Claimed
 * like alert deliveries (a claim older than its lease is taken again), and `posted_at` of the
 * last minute is what keeps posts under Telegram's limit for one chat.
 */
export const telegramChannelPosts = pgTable(
  "telegram_channel_posts",
  {
    channel: text("channel").notNull(),
    courseId: integer("course_id").notNull(),
    couponCode: text("coupon_code").notNull(),
    status: text("status", { enum: ["pending", "posted", "skipped", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimToken: text("claim_token"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.channel, t.courseId, t.couponCode] }),
    index("telegram_channel_posts_waiting_idx")
      .on(t.channel, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index("telegram_channel_posts_posted_idx").on(t.channel, t.postedAt),
  ],
);

/**
 * What the bot must remember across restarts and instances: the getUpdates offset (updates below
 * it were handled) and, per channel, since when its coupons are posted.
 */
export const telegramBotState = pgTable("telegram_bot_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Our copies of course images that no course shows any more (replaced by a new image, or the
 * course gone for IMAGE_KEPT_AFTER_GONE_DAYS): deleted from the image store once
 * RETIRED_IMAGE_GRACE_DAYS have passed, so a page, feed or share preview cached before still
 * finds its image (decision 0039). A key shown again by a course is simply forgotten here.
 */
export const retiredCourseImages = pgTable("retired_course_images", {
  key: text("key").primaryKey(),
  retiredAt: timestamp("retired_at", { withTimezone: true }).notNull(),
});

export type CourseRow = typeof courses.$inferSelect;
export type NewCourseRow = typeof courses.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type IngestRunRow = typeof ingestRuns.$inferSelect;

-- Course pages are found by slug, so slugs become unique. Slugs come from the Udemy link, which
-- is unique, but two links may differ only in letter case or share their first 120 characters:
-- the oldest course keeps the slug, a later one gets "-<its id>".
UPDATE "courses" SET "slug" = "courses"."slug" || '-' || "courses"."id"
FROM "courses" AS "older"
WHERE "older"."slug" = "courses"."slug" AND "older"."id" < "courses"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "courses_slug_key" ON "courses" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "courses_sub_category_idx" ON "courses" USING btree ("sub_category");
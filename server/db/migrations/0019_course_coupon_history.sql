CREATE TABLE "course_coupons" (
	"course_id" integer NOT NULL,
	"coupon_code" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "course_coupons_course_id_coupon_code_pk" PRIMARY KEY("course_id","coupon_code")
);
--> statement-breakpoint
ALTER TABLE "course_coupons" ADD CONSTRAINT "course_coupons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_coupons_open_idx" ON "course_coupons" USING btree ("course_id") WHERE "course_coupons"."ended_at" is null;--> statement-breakpoint
-- Backfill: each course's current coupon starts its history (found on the day it was found; a
-- retired one ended at its expiry, or at its last sighting when it had none). Demo courses and
-- watch stubs never had a coupon.
INSERT INTO "course_coupons" ("course_id", "coupon_code", "found_at", "ended_at", "expires_at", "sources")
SELECT c."id",
       coalesce(c."coupon_code", ''),
       f."found_at",
       CASE WHEN c."active" THEN NULL
            ELSE greatest(f."found_at", least(coalesce(c."expires_at", c."last_seen_at"), now())) END,
       c."expires_at",
       coalesce((SELECT array_agg(cs."source" ORDER BY cs."source") FROM "course_sources" cs
                  WHERE cs."course_id" = c."id"), ARRAY[c."source"])
  FROM "courses" c
  CROSS JOIN LATERAL (
    SELECT greatest(c."first_seen_at", (c."date"::timestamp - interval '7 hours') AT TIME ZONE 'UTC') AS "found_at"
  ) f
 WHERE NOT c."is_demo" AND (c."coupon_code" IS NOT NULL OR c."active");

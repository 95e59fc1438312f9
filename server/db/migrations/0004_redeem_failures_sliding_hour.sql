CREATE TABLE "redeem_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redeem_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redeem_failures" ADD CONSTRAINT "redeem_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redeem_failures_user_idx" ON "redeem_failures" USING btree ("user_id","failed_at");--> statement-breakpoint
CREATE INDEX "redeem_failures_failed_at_idx" ON "redeem_failures" USING btree ("failed_at");--> statement-breakpoint
-- The clock-hour buckets of the old guard ("redeem-fail:<user>:<hour>" rows) are replaced by redeem_failures.
DELETE FROM "daily_counters" WHERE "subject" LIKE 'redeem-fail:%';--> statement-breakpoint
ALTER TABLE "daily_counters" DROP COLUMN "redeem_failures";
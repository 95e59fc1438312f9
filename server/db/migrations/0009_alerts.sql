CREATE TABLE "alert_channels" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_enabled" boolean DEFAULT false NOT NULL,
	"email_hour" integer DEFAULT 7 NOT NULL,
	"email_note" text,
	"email_last_digest_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_channels_email_hour_range" CHECK ("alert_channels"."email_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"coupon_code" text NOT NULL,
	"channel" text NOT NULL,
	"reason" text NOT NULL,
	"saved_search_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_matched_coupons" (
	"course_id" integer NOT NULL,
	"coupon_code" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_matched_coupons_course_id_coupon_code_pk" PRIMARY KEY("course_id","coupon_code")
);
--> statement-breakpoint
CREATE TABLE "alert_watches" (
	"user_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_watches_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"anchor" text,
	"category" text,
	"language" text,
	"min_rating" integer DEFAULT 0 NOT NULL,
	"filter_key" text NOT NULL,
	"feed_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_min_rating_range" CHECK ("saved_searches"."min_rating" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matched_coupons" ADD CONSTRAINT "alert_matched_coupons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_watches" ADD CONSTRAINT "alert_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_watches" ADD CONSTRAINT "alert_watches_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once_key" ON "alert_deliveries" USING btree ("user_id","course_id","coupon_code","channel");--> statement-breakpoint
CREATE INDEX "alert_deliveries_waiting_idx" ON "alert_deliveries" USING btree ("channel","user_id") WHERE "alert_deliveries"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "alert_deliveries_course_idx" ON "alert_deliveries" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "alert_watches_course_idx" ON "alert_watches" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_filter_key" ON "saved_searches" USING btree ("user_id","filter_key");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_feed_token_key" ON "saved_searches" USING btree ("feed_token");--> statement-breakpoint
CREATE INDEX "saved_searches_anchor_idx" ON "saved_searches" USING btree ("anchor");--> statement-breakpoint
-- Coupons listed before alerts existed are not news: alert matching starts after them.
INSERT INTO "alert_matched_coupons" ("course_id", "coupon_code") SELECT "id", coalesce("coupon_code", '') FROM "courses" WHERE "active";

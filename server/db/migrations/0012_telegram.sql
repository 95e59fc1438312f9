CREATE TABLE "telegram_bot_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_channel_posts" (
	"channel" text NOT NULL,
	"course_id" integer NOT NULL,
	"coupon_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"claimed_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_channel_posts_channel_course_id_coupon_code_pk" PRIMARY KEY("channel","course_id","coupon_code")
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_note" text
);
--> statement-breakpoint
CREATE TABLE "telegram_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_channel_posts_waiting_idx" ON "telegram_channel_posts" USING btree ("channel","created_at") WHERE "telegram_channel_posts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "telegram_channel_posts_posted_idx" ON "telegram_channel_posts" USING btree ("channel","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_chats_chat_id_key" ON "telegram_chats" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_user_idx" ON "telegram_link_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_matched_coupons_matched_at_idx" ON "alert_matched_coupons" USING btree ("matched_at");
ALTER TABLE "courses" ADD COLUMN "udemy_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "last_updated_on" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_paid" boolean;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "list_price_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "list_price_currency" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "objectives" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "facts_fetched_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "courses_facts_fetched_idx" ON "courses" USING btree ("facts_fetched_at" NULLS FIRST);
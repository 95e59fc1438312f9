ALTER TABLE "courses" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "image_fetched_from" text;
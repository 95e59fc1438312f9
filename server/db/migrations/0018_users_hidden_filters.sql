ALTER TABLE "users" ADD COLUMN "hidden_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_instructors" text[] DEFAULT '{}'::text[] NOT NULL;
CREATE TABLE "course_sources" (
	"course_id" integer NOT NULL,
	"source" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_sources_course_id_source_pk" PRIMARY KEY("course_id","source")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ingest_runs" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "course_sources" ADD CONSTRAINT "course_sources_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Courses found before sources were remembered: their one known source.
INSERT INTO "course_sources" ("course_id", "source", "first_seen_at", "last_seen_at")
SELECT "id", "source", "first_seen_at", "last_seen_at" FROM "courses"
ON CONFLICT DO NOTHING;

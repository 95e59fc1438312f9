CREATE TABLE "retired_course_images" (
	"key" text PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone NOT NULL
);

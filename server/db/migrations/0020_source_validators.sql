CREATE TABLE "source_validators" (
	"source" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"saved_at" timestamp with time zone NOT NULL
);

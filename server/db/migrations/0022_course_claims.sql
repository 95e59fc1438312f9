CREATE TABLE "course_claims" (
	"user_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"state" text DEFAULT 'claimed' NOT NULL,
	"owned" boolean DEFAULT false NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"learning_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "course_claims_user_id_course_id_pk" PRIMARY KEY("user_id","course_id"),
	CONSTRAINT "course_claims_state_known" CHECK ("course_claims"."state" in ('claimed', 'learning', 'done'))
);
--> statement-breakpoint
ALTER TABLE "course_claims" ADD CONSTRAINT "course_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_claims" ADD CONSTRAINT "course_claims_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;
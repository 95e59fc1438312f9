ALTER TABLE "courses" ADD COLUMN "quality_score" real;--> statement-breakpoint
CREATE INDEX "courses_quality_idx" ON "courses" USING btree ("quality_score" DESC NULLS LAST,"id" DESC NULLS LAST);
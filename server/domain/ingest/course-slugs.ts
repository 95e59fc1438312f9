import { inArray, like, or } from "drizzle-orm";
import { courses, type NewCourseRow } from "../../db/schema";
import { startingWith } from "../../db/like-pattern";
import type { Services } from "../../services";

/**
 * Gives each new course a slug no other course has (course pages are found by it): its own, else
 * "<slug>-2", "<slug>-3"… Two Udemy links can give one slug when they differ only in letter case
 * or share their first 120 characters. A course keeps its slug for good: re-imports never change
 * it (the slug is not among the columns an update writes), so its page address stays.
 */
export async function claimFreeSlugs(services: Services, newRows: NewCourseRow[]): Promise<void> {
  if (newRows.length === 0) return;
  const wanted = [...new Set(newRows.map((row) => row.slug))];
  const clashes = await services.db
    .select({ slug: courses.slug })
    .from(courses)
    .where(inArray(courses.slug, wanted));
  const taken = new Set(clashes.map((row) => row.slug));
  if (taken.size > 0) {
    // Rare: only then are the numbered variants of those slugs read.
    const numbered = await services.db
      .select({ slug: courses.slug })
      .from(courses)
      .where(or(...[...taken].map((slug) => like(courses.slug, startingWith(`${slug}-`)))));
    for (const row of numbered) taken.add(row.slug);
  }
  for (const row of newRows) {
    let slug = row.slug;
    for (let suffix = 2; taken.has(slug); suffix += 1) slug = `${row.slug}-${suffix}`;
    taken.add(slug);
    row.slug = slug;
  }
}

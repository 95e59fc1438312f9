import { eq } from "drizzle-orm";
import { courseCoverSvg, courseCoverVersion, parseCoverFile } from "../../../core/course-cover";
import { courses } from "../../db/schema";
import type { Services } from "../../services";

export type CourseCover = {
  svg: string;
  /** The drawing's version now (its title and category). */
  version: string;
  /** The address asked for names this version: its answer never changes. */
  current: boolean;
};

/**
 * The cover drawn for /covers/<id>-<version>.svg, or null when no course has that id. Any course,
 * listed or not: favourites and history show courses whose coupon ended.
 */
export async function readCourseCover(
  services: Services,
  file: string,
): Promise<CourseCover | null> {
  const asked = parseCoverFile(file);
  if (!asked) return null;
  const [row] = await services.db
    .select({ title: courses.title, category: courses.category })
    .from(courses)
    .where(eq(courses.id, asked.id))
    .limit(1);
  if (!row) return null;
  const facts = { title: row.title, courseType: row.category };
  const version = courseCoverVersion(facts);
  return { svg: courseCoverSvg(facts), version, current: version === asked.version };
}

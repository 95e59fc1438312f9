import { eq } from "drizzle-orm";
import { MAX_HIDDEN_ENTRIES } from "../../../core/course-filter-options";
import { users } from "../../db/schema";
import type { Services } from "../../services";

/** The words and instructors a learner hides from course lists (checked by parseHiddenList). */
export type HiddenFilters = { hideWords: string[]; hideInstructors: string[] };

export const NO_HIDDEN_FILTERS: HiddenFilters = { hideWords: [], hideInstructors: [] };

/** What the account keeps; nothing for an unknown user. */
export async function readHiddenFilters(
  services: Services,
  userId: string,
): Promise<HiddenFilters> {
  const [row] = await services.db
    .select({ hideWords: users.hiddenWords, hideInstructors: users.hiddenInstructors })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? NO_HIDDEN_FILTERS;
}

/** Replaces what the account keeps (lists already checked; capped again so no caller can grow them). */
export async function saveHiddenFilters(
  services: Services,
  userId: string,
  filters: HiddenFilters,
): Promise<void> {
  await services.db
    .update(users)
    .set({
      hiddenWords: filters.hideWords.slice(0, MAX_HIDDEN_ENTRIES),
      hiddenInstructors: filters.hideInstructors.slice(0, MAX_HIDDEN_ENTRIES),
    })
    .where(eq(users.id, userId));
}

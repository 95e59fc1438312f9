import { randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import {
  ALERT_TEXTS,
  MAX_SAVED_SEARCHES,
  type SavedSearchInput,
} from "../../../core/alert-rules";
import { searchWordsOf } from "../../../core/search-match";
import { savedSearches } from "../../db/schema";
import type { Services } from "../../services";
import { Conflict, LimitReached, NotFound, ValidationError } from "../common/errors";
import { channelsReachingUser } from "./channel-facts";

export type SavedSearch = {
  id: number;
  search: string;
  category: string | null;
  language: string | null;
  minRating: number;
  feedToken: string;
  /** The channels it is told on, as stored (see ALERT_CHANNELS). */
  channels: string[];
  createdAt: Date;
};

const savedSearchColumns = {
  id: savedSearches.id,
  search: savedSearches.search,
  category: savedSearches.category,
  language: savedSearches.language,
  minRating: savedSearches.minRating,
  feedToken: savedSearches.feedToken,
  channels: savedSearches.channels,
  createdAt: savedSearches.createdAt,
};

/** Longer anchors find fewer false candidates; matching joins every piece up to this length. */
export const ANCHOR_LENGTH = 4;

/** 32 random bytes: a feed address nobody can guess. */
function newFeedToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The key matching joins on: the first four characters (code points) of the longest word.
 * Any title that holds every word holds this key at some position, so only searches whose
 * key occurs in a new title are checked word by word.
 */
export function anchorOf(words: readonly string[]): string | null {
  const longest = words.reduce<string | null>(
    (best, word) => (best === null || [...word].length > [...best].length ? word : best),
    null,
  );
  return longest === null ? null : [...longest].slice(0, ANCHOR_LENGTH).join("");
}

/**
 * Saves the home filters as an alert (the sort is not kept). Refused when nothing would narrow
 * it down (every new course would match), when the same filters are saved already, and beyond
 * MAX_SAVED_SEARCHES per user.
 */
export async function saveSearch(
  services: Services,
  userId: string,
  input: SavedSearchInput,
): Promise<SavedSearch> {
  const words = searchWordsOf(input.search);
  if (words.length === 0 && input.type === "" && input.language === "" && input.rating === 0) {
    throw new ValidationError(ALERT_TEXTS.searchEmpty);
  }
  const category = input.type === "" ? null : input.type;
  const language = input.language === "" ? null : input.language;
  const filterKey = JSON.stringify([
    [...words].sort(),
    category?.toLowerCase() ?? "",
    language?.toLowerCase() ?? "",
    input.rating,
  ]);
  const channels = await channelsReachingUser(services, userId);
  return services.db.transaction(async (tx) => {
    // One user's saves queue behind each other here, so the cap holds under concurrent saves.
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [existing] = await tx
      .select({ total: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if ((existing?.total ?? 0) >= MAX_SAVED_SEARCHES) {
      throw new LimitReached(ALERT_TEXTS.searchLimit);
    }
    const [saved] = await tx
      .insert(savedSearches)
      .values({
        userId,
        search: input.search,
        words,
        anchor: anchorOf(words),
        category,
        language,
        minRating: input.rating,
        filterKey,
        channels,
        feedToken: newFeedToken(),
        createdAt: services.clock.now(),
      })
      .onConflictDoNothing({ target: [savedSearches.userId, savedSearches.filterKey] })
      .returning(savedSearchColumns);
    if (!saved) throw new Conflict(ALERT_TEXTS.searchDuplicate);
    return saved;
  });
}

export async function deleteSavedSearch(
  services: Services,
  userId: string,
  id: number,
): Promise<void> {
  const removed = await services.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, id)))
    .returning({ id: savedSearches.id });
  if (removed.length === 0) throw new NotFound(ALERT_TEXTS.searchUnknown);
}

/** A new feed address for a saved search; the old one stops working at once. */
export async function renewFeedToken(
  services: Services,
  userId: string,
  id: number,
): Promise<SavedSearch> {
  const [renewed] = await services.db
    .update(savedSearches)
    .set({ feedToken: newFeedToken() })
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, id)))
    .returning(savedSearchColumns);
  if (!renewed) throw new NotFound(ALERT_TEXTS.searchUnknown);
  return renewed;
}

export async function listSavedSearches(
  services: Services,
  userId: string,
): Promise<SavedSearch[]> {
  return services.db
    .select(savedSearchColumns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(savedSearches.id);
}

/** The saved search a feed address names, or null (unknown or renewed token). */
export async function findSavedSearchByFeedToken(
  services: Services,
  token: string,
): Promise<SavedSearch | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await services.db
    .select(savedSearchColumns)
    .from(savedSearches)
    .where(eq(savedSearches.feedToken, token));
  return row ?? null;
}

import { and, eq, ne } from "drizzle-orm";
import type { Locale } from "../../../core/locale";
import { users } from "../../db/schema";
import type { Services } from "../../services";

/**
 * The language a user's alerts speak (e-mail digest, push, Telegram): the language of the page
 * they last acted on the Alerts tab from, or created an alert from (decision 0026, "the language
 * alerts speak"). Written only when it changes, so the usual request writes nothing.
 */
export async function rememberAlertLocale(
  services: Services,
  userId: string,
  locale: Locale,
): Promise<void> {
  await services.db
    .update(users)
    .set({ alertLocale: locale })
    .where(and(eq(users.id, userId), ne(users.alertLocale, locale)));
}

/** The user's alert language; English for an account we do not know. */
export async function alertLocaleOf(services: Services, userId: string): Promise<Locale> {
  const [row] = await services.db
    .select({ locale: users.alertLocale })
    .from(users)
    .where(eq(users.id, userId));
  return row?.locale ?? "en";
}

import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  PUSH_MESSAGES,
  PUSH_TEST_MESSAGE,
  pushPayloadSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
  type PushPayload,
} from "../../../core/push";
import { localizedHref } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import { limitersPerServices } from "../common/service-limiters";
import {
  isP256PublicKey,
  type PushOptions,
  type PushSender,
} from "../../adapters/web-push/web-push-sender";
import { pushSubscriptions, users } from "../../db/schema";
import type { Services } from "../../services";
import { alertLocaleOf } from "./alert-locale";
import {
  DomainError,
  LimitReached,
  NotFound,
  RateLimited,
  ValidationError,
} from "../common/errors";

/** Push is off (no VAPID keys): nothing can be subscribed or sent. */
export class PushUnavailable extends DomainError {
  override name = "PushUnavailable";
  override readonly status = 503;
  constructor() {
    super(PUSH_MESSAGES.unavailable);
  }
}

/** Subscribe and unsubscribe calls a user may make a minute (a page does one or two). */
export const PUSH_WRITES_PER_MINUTE = 20;

const pushWriteLimiter = limitersPerServices((limiter) =>
  limiter({ name: "push-writes", points: PUSH_WRITES_PER_MINUTE, durationSeconds: 60 }),
);

async function takePushWriteLimit(services: Services, userId: string): Promise<void> {
  const hit = await pushWriteLimiter(services).consume(`user:${userId}`);
  if (!hit.allowed)
    throw new RateLimited(
      "Too many changes to push alerts. Try again in a minute.",
      hit.retryAfterSeconds,
    );
}

function requirePush(services: Services): PushSender {
  if (!services.push) throw new PushUnavailable();
  return services.push;
}

/** The key a browser subscribes with (PushManager.subscribe's applicationServerKey). */
export function pushPublicKey(services: Services): string {
  return requirePush(services).publicKey;
}

/**
 * Stores a browser's subscription for a signed-in user (the body of PushSubscription.toJSON()).
 * Refused with nothing stored: a malformed subscription, an endpoint that is not an allowed push
 * service, keys that are not a P-256 point and a 16-byte secret, or an 11th browser. The same
 * endpoint again updates its keys and turns it back on; an endpoint another account subscribed
 * moves to this one (it is one browser, and whoever subscribes last is signed in there).
 */
export async function subscribePush(
  services: Services,
  userId: string,
  input: unknown,
): Promise<{ created: boolean }> {
  const push = requirePush(services);
  const parsed = pushSubscriptionInputSchema.safeParse(input);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  const { endpoint, keys } = parsed.data;
  const verdict = push.checkEndpoint(endpoint);
  if (!verdict.allowed) throw new ValidationError(`${PUSH_MESSAGES.badEndpoint} ${verdict.reason}`);
  if (!isP256PublicKey(keys.p256dh)) throw new ValidationError(PUSH_MESSAGES.badP256dh);
  if (Buffer.from(keys.auth, "base64url").length !== 16)
    throw new ValidationError(PUSH_MESSAGES.badAuth);
  await takePushWriteLimit(services, userId);

  return services.db.transaction(async (tx) => {
    // Serialises one user's subscribes, so two at once cannot both take the last place.
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new NotFound("Unknown user.");
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, userId),
          isNull(pushSubscriptions.disabledAt),
          ne(pushSubscriptions.endpoint, endpoint),
        ),
      );
    if ((others?.n ?? 0) >= MAX_PUSH_SUBSCRIPTIONS_PER_USER)
      throw new LimitReached(PUSH_MESSAGES.limit);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        createdAt: services.clock.now(),
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: keys.p256dh,
          auth: keys.auth,
          disabledAt: null,
          disabledNote: null,
        },
      })
      // xmax is 0 on a row this statement inserted, set on one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    return { created: row!.inserted };
  });
}

/** Forgets one of the user's browsers (by endpoint or id); another user's is left alone. */
export async function unsubscribePush(
  services: Services,
  userId: string,
  input: unknown,
): Promise<{ removed: boolean }> {
  const parsed = pushUnsubscribeInputSchema.safeParse(input);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  await takePushWriteLimit(services, userId);
  const which =
    "id" in parsed.data
      ? eq(pushSubscriptions.id, parsed.data.id)
      : eq(pushSubscriptions.endpoint, parsed.data.endpoint);
  const removed = await services.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), which))
    .returning({ id: pushSubscriptions.id });
  return { removed: removed.length > 0 };
}

export type PushSubscriptionSummary = {
  id: number;
  /** The push service's host (which browser vendor), never the whole endpoint. */
  service: string;
  createdAt: Date;
  disabledAt: Date | null;
  disabledNote: string | null;
};

/** The user's browsers with push alerts, oldest first (for the dashboard). */
export async function listPushSubscriptions(
  services: Services,
  userId: string,
): Promise<PushSubscriptionSummary[]> {
  const rows = await services.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
  return rows.map((row) => ({
    id: row.id,
    service: new URL(row.endpoint).host,
    createdAt: row.createdAt,
    disabledAt: row.disabledAt,
    disabledNote: row.disabledNote,
  }));
}

export type PushToUserResult = {
  sent: number;
  /** Subscriptions disabled now (gone at the push service, or no longer an allowed service). */
  disabled: number;
  /** Not sent this time, still on; `retryable` when one of them may work later. */
  failed: number;
  retryable: boolean;
};

/**
 * Sends one message to every active browser of a user, one after another. A subscription the
 * push service says is gone (404/410), or whose endpoint is no longer an allowed service, is
 * disabled with a note and never tried again; other failures leave it on and are counted, so the
 * caller (the alert queue) can decide to retry.
 */
export async function sendPushToUser(
  services: Services,
  userId: string,
  payload: PushPayload,
  options: PushOptions = {},
): Promise<PushToUserResult> {
  const push = requirePush(services);
  const message = pushPayloadSchema.parse(payload);
  const targets = await services.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.disabledAt)))
    .orderBy(asc(pushSubscriptions.id));
  const result: PushToUserResult = { sent: 0, disabled: 0, failed: 0, retryable: false };
  for (const target of targets) {
    const outcome = await push.send(target, message, options);
    if (outcome.status === "sent") {
      result.sent += 1;
    } else if (outcome.status === "failed") {
      result.failed += 1;
      result.retryable ||= outcome.retryable;
      services.logger.warn(
        { userId, subscription: target.id, reason: outcome.reason },
        "push failed",
      );
    } else {
      const note =
        outcome.status === "gone"
          ? pushGoneNote(outcome.httpStatus)
          : pushStoppedNote(outcome.reason);
      await services.db
        .update(pushSubscriptions)
        .set({ disabledAt: services.clock.now(), disabledNote: note })
        .where(eq(pushSubscriptions.id, target.id));
      result.disabled += 1;
    }
  }
  return result;
}

/**
 * The channel's test button: one test notification to each of the user's active browsers, now
 * (counted with the subscribe and unsubscribe calls against the per-minute limit).
 */
/** The test notification in the user's alert language, opening their dashboard in it. */
async function testPushMessage(services: Services, userId: string): Promise<PushPayload> {
  const locale = await alertLocaleOf(services, userId);
  return {
    ...PUSH_TEST_MESSAGE,
    title: m.alerts_push_test_title({}, { locale }),
    body: m.alerts_push_test_body({}, { locale }),
    url: localizedHref(locale, PUSH_TEST_MESSAGE.url),
  };
}

export async function sendTestPush(services: Services, userId: string): Promise<PushToUserResult> {
  requirePush(services);
  await takePushWriteLimit(services, userId);
  const result = await sendPushToUser(services, userId, await testPushMessage(services, userId), {
    ttlSeconds: 60,
    urgency: "high",
  });
  if (result.sent + result.disabled + result.failed === 0) throw new NotFound(PUSH_MESSAGES.noneOn);
  return result;
}

/** The notes the Alerts tab shows for a browser we stopped sending to (translated there). */
export function pushGoneNote(httpStatus: number): string {
  return `The browser's push service no longer knows this subscription (HTTP ${httpStatus}). Turn push alerts on again in that browser.`;
}

export function pushStoppedNote(reason: string): string {
  return `Push alerts stopped: ${reason}`;
}

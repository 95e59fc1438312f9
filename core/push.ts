import { z } from "zod";

/**
 * Web Push: what a browser sends when it subscribes (PushSubscription.toJSON()), and what a push
 * message carries to the service worker (public/sw.js shows it and opens `url` on a click).
 */

export { PUSH_SUBSCRIPTIONS_PATH, PUSH_TEST_PATH } from "./push-paths";

/** The test notification: it opens the dashboard. */
export const PUSH_TEST_MESSAGE = {
  title: "Kursusku test alert",
  body: "Push alerts work in this browser.",
  url: "/dashboard",
  tag: "kursusku-test",
} as const;

/**
 * The browser vendors' push services (Chrome/Edge's FCM, Firefox, Windows, Safari): host
 * suffixes a subscription's endpoint may have unless PUSH_SERVICES says otherwise.
 */
export const DEFAULT_PUSH_SERVICES: readonly string[] = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
];

/** Browsers a user may have push alerts on at a time. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** Push services accept about 4 kB of encrypted payload; this leaves room for the encryption. */
export const MAX_PUSH_PAYLOAD_BYTES = 3000;

export const PUSH_MESSAGES = {
  badEndpoint: "The push endpoint must be an https:// address of a browser's push service.",
  badP256dh: "The subscription's p256dh key must be a base64url P-256 public key (65 bytes).",
  badAuth: "The subscription's auth secret must be 16 bytes in base64url.",
  signInRequired: "Sign in to turn on push alerts.",
  unavailable: "Push alerts are not available on this site right now.",
  limit: `Push alerts are on in ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers already: turn them off in one you no longer use first.`,
  subscribed: "Push alerts are on in this browser.",
  unsubscribed: "Push alerts are off in this browser.",
  noneOn: "Push alerts are not on in any of your browsers.",
  testSent: "A test alert is on its way.",
} as const;

/** base64url without padding, as browsers give the keys; padding is tolerated and dropped. */
const base64url = (length: number, message: string) =>
  z
    .string(message)
    .trim()
    .transform((value) => value.replace(/=+$/, ""))
    .refine((value) => value.length === length && /^[A-Za-z0-9_-]+$/.test(value), message);

export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string(PUSH_MESSAGES.badEndpoint)
    .trim()
    .max(2048, PUSH_MESSAGES.badEndpoint)
    .refine((value) => URL.canParse(value), PUSH_MESSAGES.badEndpoint),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, the first one 0x04 (so the text starts with "B").
      p256dh: base64url(87, PUSH_MESSAGES.badP256dh).refine(
        (value) => value.startsWith("B"),
        PUSH_MESSAGES.badP256dh,
      ),
      auth: base64url(22, PUSH_MESSAGES.badAuth),
    },
    PUSH_MESSAGES.badP256dh,
  ),
});

export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

/** Which browser to forget: this one (by its endpoint) or one of the dashboard's list (by its id). */
export const pushUnsubscribeInputSchema = z.union(
  [
    z.object({
      endpoint: z
        .string(PUSH_MESSAGES.badEndpoint)
        .trim()
        .min(1)
        .max(2048, PUSH_MESSAGES.badEndpoint),
    }),
    z.object({
      id: z
        .number(PUSH_MESSAGES.badEndpoint)
        .int()
        .positive()
        .max(2 ** 53 - 1),
    }),
  ],
  { error: PUSH_MESSAGES.badEndpoint },
);

/**
 * A same-origin path: one leading slash, no backslash, no control characters. The service
 * worker applies the same rule before it opens a notification's page.
 */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const SITE_PATH = /^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/;

export const pushPayloadSchema = z.object({
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().max(400),
  url: z.string().max(1000).regex(SITE_PATH, "must be a path on this site"),
  /** Notifications with the same tag replace each other (one per course). */
  tag: z.string().trim().min(1).max(64),
});

export type PushPayload = z.output<typeof pushPayloadSchema>;

import { useEffect, useState } from "react";
import { PUSH_SUBSCRIPTIONS_PATH } from "../../core/push-paths";
import type { Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import { answerLanguageHeaders, useMessages } from "../lib/i18n";
import { useToast } from "./toast";

type State = "unsupported" | "denied" | "off" | "on" | "busy";

type Answer = { success?: boolean; message?: string; publicKey?: string };

/**
 * "Turn on push alerts" for a signed-in user, in this browser: asks for permission, subscribes
 * with the site's VAPID key through the service worker and hands the subscription to the server;
 * turning off unsubscribes on both sides. Browsers without push (or a denied permission) get a
 * line saying so instead of a button.
 */
export function PushToggle({ className = "" }: { className?: string }) {
  const { t, locale } = useMessages();
  const toast = useToast();
  const [state, setState] = useState<State>("busy");

  useEffect(() => {
    let cancelled = false;
    void currentState().then((found) => {
      if (!cancelled) setState(found);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  async function turnOn() {
    setState("busy");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const key = await request(locale, "GET");
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key.publicKey,
      });
      const answer = await request(locale, "POST", subscription.toJSON());
      toast.show(answer.message ?? t(m.account_push_subscribed), "success");
      setState("on");
    } catch (error) {
      toast.show((error as Error).message || t(m.account_push_unavailable), "error");
      setState(await currentState());
    }
  }

  async function turnOff() {
    setState("busy");
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        await request(locale, "DELETE", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      toast.show(t(m.account_push_unsubscribed), "success");
      setState("off");
    } catch (error) {
      toast.show((error as Error).message, "error");
      setState(await currentState());
    }
  }

  if (state === "unsupported") return <p className={className}>{t(m.account_push_unsupported)}</p>;
  if (state === "denied") return <p className={className}>{t(m.account_push_denied)}</p>;
  const on = state === "on";
  return (
    <button
      type="button"
      className={`rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60 ${className}`}
      aria-pressed={on}
      disabled={state === "busy"}
      onClick={() => void (on ? turnOff() : turnOn())}
    >
      {on ? t(m.account_push_turn_off) : t(m.account_push_turn_on)}
    </button>
  );
}

async function currentState(): Promise<State> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? "on" : "off";
}

async function request(
  locale: Locale,
  method: "GET" | "POST" | "DELETE",
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(PUSH_SUBSCRIPTIONS_PATH, {
    method,
    headers: {
      ...answerLanguageHeaders(locale),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Answer;
  if (!response.ok) throw new Error(answer.message ?? m.account_push_unavailable({}, { locale }));
  return answer;
}

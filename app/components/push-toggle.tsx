import { useEffect, useState } from "react";
import { PUSH_MESSAGES, PUSH_SUBSCRIPTIONS_PATH } from "../../core/push";
import { useToast } from "./toast";
import { pageAnswerHeaders } from "../lib/page-language";

type State = "unsupported" | "denied" | "off" | "on" | "busy";

type Answer = { success?: boolean; message?: string; publicKey?: string };

/**
 * "Turn on push alerts" for a signed-in user, in this browser: asks for permission, subscribes
 * with the site's VAPID key through the service worker and hands the subscription to the server;
 * turning off unsubscribes on both sides. Browsers without push (or a denied permission) get a
 * line saying so instead of a button.
 */
export function PushToggle({ className = "" }: { className?: string }) {
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
      const key = await request("GET");
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key.publicKey,
      });
      const answer = await request("POST", subscription.toJSON());
      toast.show(answer.message ?? PUSH_MESSAGES.subscribed, "success");
      setState("on");
    } catch (error) {
      toast.show((error as Error).message || PUSH_MESSAGES.unavailable, "error");
      setState(await currentState());
    }
  }

  async function turnOff() {
    setState("busy");
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        await request("DELETE", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      toast.show(PUSH_MESSAGES.unsubscribed, "success");
      setState("off");
    } catch (error) {
      toast.show((error as Error).message, "error");
      setState(await currentState());
    }
  }

  if (state === "unsupported")
    return <p className={className}>This browser cannot show push alerts.</p>;
  if (state === "denied")
    return (
      <p className={className}>
        Notifications are blocked for this site: allow them in the browser's site settings.
      </p>
    );
  const on = state === "on";
  return (
    <button
      type="button"
      className={`rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60 ${className}`}
      aria-pressed={on}
      disabled={state === "busy"}
      onClick={() => void (on ? turnOff() : turnOn())}
    >
      {on ? "Turn off push alerts" : "Turn on push alerts"}
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

async function request(method: "GET" | "POST" | "DELETE", body?: unknown): Promise<Answer> {
  const response = await fetch(PUSH_SUBSCRIPTIONS_PATH, {
    method,
    headers: {
      ...pageAnswerHeaders(),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Answer;
  if (!response.ok) throw new Error(answer.message ?? PUSH_MESSAGES.unavailable);
  return answer;
}

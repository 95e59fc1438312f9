import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation, useRevalidator } from "react-router";
import { useToast } from "./toast";
import { ANSWER_LANGUAGE_FIELD } from "../../core/locale";
import { answerLanguageHeaders, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/** The local stand-in for Google (offline and tests): type an e-mail, sign in. */
export function DevSignInForm({
  compact = false,
  inputId = compact ? "dev-signin-email-mobile" : "dev-signin-email",
  redirectTo,
}: {
  compact?: boolean;
  /** Unique on the page: the header's form may be on it too. */
  inputId?: string;
  /** Where to land once signed in: this page unless said. */
  redirectTo?: string;
}) {
  const { t, locale } = useMessages();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/auth/dev";
  return (
    <Form method="post" action="/auth/dev" className="flex items-center gap-2">
      <input
        type="hidden"
        name="redirectTo"
        value={redirectTo ?? `${location.pathname}${location.search}`}
      />
      <input type="hidden" name={ANSWER_LANGUAGE_FIELD} value={locale} />
      <label htmlFor={inputId} className="sr-only">
        {t(m.sign_in_email)}
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder={t(m.sign_in_email_placeholder)}
        className="min-h-11 w-44 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t(m.sign_in_busy) : t(m.sign_in)}
      </button>
    </Form>
  );
}

type GoogleAccountsId = {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
  }): void;
  renderButton(element: HTMLElement, options: Record<string, unknown>): void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

const GOOGLE_SCRIPT = "https://accounts.google.com/gsi/client";

/**
 * Google Identity Services, loaded only when a signed-out visitor needs the button. The credential
 * goes to the server, which verifies it; the page then reloads its data as the signed-in user.
 */
export function GoogleSignInButton({
  clientId,
  onSignedIn,
}: {
  clientId: string;
  /** After the session is set: reload this page's data unless said otherwise. */
  onSignedIn?: () => void;
}) {
  const toast = useToast();
  const { t, locale } = useMessages();
  const revalidator = useRevalidator();
  const buttonRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "signing-in" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    const handleCredential = async (response: { credential?: string }) => {
      if (!response.credential) {
        toast.show(t(m.sign_in_google_failed), "error");
        return;
      }
      setState("signing-in");
      try {
        const answer = await fetch("/auth/google", {
          method: "POST",
          headers: { ...answerLanguageHeaders(locale), "content-type": "application/json" },
          body: JSON.stringify({ credential: response.credential }),
        });
        const body = (await answer.json()) as {
          status?: string;
          message?: string;
          error?: { message?: string };
        };
        if (!answer.ok || body.status !== "success") {
          throw new Error(body.error?.message ?? body.message ?? answer.statusText);
        }
        const registered = body.message?.includes("registered successfully");
        toast.show(registered ? t(m.sign_in_registered) : t(m.sign_in_welcome_back), "success");
        if (onSignedIn) onSignedIn();
        else await revalidator.revalidate();
      } catch (error) {
        toast.show(t(m.sign_in_error, { message: (error as Error).message }), "error");
        if (!cancelled) setState("ready");
      }
    };
    const setUp = () => {
      try {
        const api = window.google?.accounts?.id;
        if (!api || !buttonRef.current) throw new Error("Google Identity Services missing");
        api.initialize({
          client_id: clientId,
          callback: (response) => void handleCredential(response),
        });
        api.renderButton(buttonRef.current, {
          theme: "outline",
          size: "medium",
          text: "signin_with",
          // Google words its button in the page's language (left to the browser on English pages).
          ...(locale === "en" ? {} : { locale }),
        });
        if (!cancelled) setState("ready");
      } catch {
        toast.show(t(m.sign_in_setup_failed), "error");
        if (!cancelled) setState("failed");
      }
    };
    if (window.google?.accounts?.id) {
      setUp();
    } else {
      const script = document.createElement("script");
      script.src = GOOGLE_SCRIPT;
      script.async = true;
      script.onload = setUp;
      script.onerror = () => {
        toast.show(t(m.sign_in_load_failed), "error");
        if (!cancelled) setState("failed");
      };
      document.head.appendChild(script);
    }
    return () => {
      cancelled = true;
    };
    // Set up once per mount and language: the toast and revalidator handles are stable enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId, locale]);

  return (
    <div className="flex items-center gap-2 text-sm">
      {state === "loading" && <span>{t(m.sign_in_loading)}</span>}
      {state === "signing-in" && <span>{t(m.sign_in_busy)}</span>}
      <div ref={buttonRef} hidden={state !== "ready"} aria-label={t(m.sign_in_google)} />
    </div>
  );
}

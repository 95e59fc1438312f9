import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation, useRevalidator } from "react-router";
import { useToast } from "./toast";

/** The local stand-in for Google (offline and tests): type an e-mail, sign in. */
export function DevSignInForm({ compact = false }: { compact?: boolean }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/auth/dev";
  const inputId = compact ? "dev-signin-email-mobile" : "dev-signin-email";
  return (
    <Form method="post" action="/auth/dev" className="flex items-center gap-2">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={inputId} className="sr-only">
        Email
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        className="min-h-11 w-44 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? "Signing in..." : "Sign in"}
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
export function GoogleSignInButton({ clientId }: { clientId: string }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const buttonRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "signing-in" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    const handleCredential = async (response: { credential?: string }) => {
      if (!response.credential) {
        toast.show("Google Sign-In failed. Please try again.", "error");
        return;
      }
      setState("signing-in");
      try {
        const answer = await fetch("/auth/google", {
          method: "POST",
          headers: { "content-type": "application/json" },
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
        toast.show(
          registered ? "Account registered! Welcome to Kursusku." : "Welcome back!",
          "success",
        );
        await revalidator.revalidate();
      } catch (error) {
        toast.show(`Sign-In Error: ${(error as Error).message}`, "error");
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
        });
        if (!cancelled) setState("ready");
      } catch {
        toast.show("Google Sign-In setup failed. Please refresh.", "error");
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
        toast.show("Failed to load Google Sign-In. Check connection or ad blockers.", "error");
        if (!cancelled) setState("failed");
      };
      document.head.appendChild(script);
    }
    return () => {
      cancelled = true;
    };
    // Set up once per mount: the toast and revalidator handles are stable enough for callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId]);

  return (
    <div className="flex items-center gap-2 text-sm">
      {state === "loading" && <span>Loading Sign In...</span>}
      {state === "signing-in" && <span>Signing in...</span>}
      <div ref={buttonRef} hidden={state !== "ready"} aria-label="Sign in with Google" />
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import {
  AI_ERROR_TOAST_MS,
  AI_MESSAGES,
  moderationVerdictSchema,
  parseAiText,
  requestAiTask,
  type AiRequestBody,
} from "../../core/ai-schemas";
import type { Locale } from "../../core/locale";
import type { ModerationStatus } from "../lib/article-form-state";
import { articleMessage } from "../lib/article-messages";
import { answerLanguageHeaders } from "../lib/i18n";
import { useToast } from "./toast";

/** One field's live AI check: its status and the advisory shown at the field. */
export type FieldModeration = { status: ModerationStatus; advisory: string | null };

const IDLE: FieldModeration = { status: "idle", advisory: null };

type CheckOutcome = { state: FieldModeration; toast: string | null };

/**
 * Reads /api/ai's answer: a verdict, the "could not be parsed" advisory for a reply that
 * is not one, or "AI check failed" (with the server's message for the toast) for a failure.
 * Everything is shown in the page's language: the site's own texts here, the AI's reason as the
 * server wrote it for the page's language (sent as Accept-Language).
 */
export async function runModerationCheck(
  body: AiRequestBody,
  defaultFailure: string,
  signal: AbortSignal,
  locale: Locale = "en",
): Promise<CheckOutcome> {
  const say = (english: string) => articleMessage(english, locale);
  const result = await requestAiTask(body, { signal, headers: answerLanguageHeaders(locale) });
  if (!result.ok) {
    return {
      state: { status: "advisory", advisory: say(AI_MESSAGES.checkFailedAdvisory) },
      toast: say(result.message ?? defaultFailure),
    };
  }
  let verdict;
  try {
    verdict = moderationVerdictSchema.safeParse(parseAiText(result.text));
  } catch {
    verdict = null;
  }
  if (!verdict?.success) {
    return {
      state: { status: "advisory", advisory: say(AI_MESSAGES.checkUnparseable) },
      toast: null,
    };
  }
  return verdict.data.isSafe
    ? { state: { status: "passed", advisory: null }, toast: null }
    : { state: { status: "advisory", advisory: verdict.data.reason }, toast: null };
}

/**
 * A field's check. `check(body, delayMs)` replaces any earlier check of the field (its timer is
 * cleared and its request aborted, so an old answer never lands on newer input); `reset()`
 * returns to idle. While waiting for the debounce the field counts as being processed.
 */
export function useModerationCheck(defaultFailure: string, locale: Locale) {
  const [state, setState] = useState<FieldModeration>(IDLE);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controller = useRef<AbortController | null>(null);
  const toast = useToast();

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    controller.current?.abort();
    controller.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const reset = useCallback(() => {
    cancel();
    setState(IDLE);
  }, [cancel]);

  const check = useCallback(
    (body: AiRequestBody | (() => Promise<AiRequestBody>), delayMs: number) => {
      cancel();
      const abort = new AbortController();
      controller.current = abort;
      setState({ status: delayMs > 0 ? "pending" : "checking", advisory: null });
      const start = async () => {
        timer.current = null;
        setState({ status: "checking", advisory: null });
        try {
          const request = typeof body === "function" ? await body() : body;
          const outcome = await runModerationCheck(request, defaultFailure, abort.signal, locale);
          if (abort.signal.aborted) return;
          setState(outcome.state);
          if (outcome.toast) toast.show(outcome.toast, "error", AI_ERROR_TOAST_MS);
        } catch {
          if (abort.signal.aborted) return;
          setState({
            status: "advisory",
            advisory: articleMessage(AI_MESSAGES.checkFailedAdvisory, locale),
          });
          toast.show(articleMessage(defaultFailure, locale), "error", AI_ERROR_TOAST_MS);
        }
      };
      if (delayMs > 0) timer.current = setTimeout(() => void start(), delayMs);
      else void start();
    },
    [cancel, defaultFailure, toast, locale],
  );

  return { ...state, check, reset };
}

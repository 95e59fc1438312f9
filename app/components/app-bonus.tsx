import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { APP_BONUS_MODAL_DELAY_MS } from "../../core/rules";
import type { ViewerSummary } from "../../core/viewer";
import { useToast } from "./toast";
import { Modal } from "./ui/modal";
import { Button } from "./ui/button";
import { answerLanguageHeaders, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/**
 * Companion-app users: a daily bonus modal 3 s after load when they are not premium
 * and have not claimed today; claiming (on the server) gives one hour of premium, with confetti;
 * when that hour lapses, a toast says so.
 */
export function AppBonus({ viewer }: { viewer: ViewerSummary | undefined }) {
  const toast = useToast();
  const { t, locale } = useMessages();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const claimable = viewer?.signedIn === true && viewer.appBonusClaimable;
  const premiumUntil =
    viewer?.signedIn && viewer.status === "app-premium" ? viewer.premiumUntil : null;
  const announcedLapse = useRef<string | null>(null);

  useEffect(() => {
    if (!claimable) return;
    const timer = setTimeout(() => setOpen(true), APP_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [claimable]);

  useEffect(() => {
    if (!premiumUntil) return;
    const remaining = Date.parse(premiumUntil) - Date.now();
    // setTimeout cannot wait longer than ~24.8 days; the temporary premium lasts an hour.
    const timer = setTimeout(
      () => {
        if (announcedLapse.current === premiumUntil) return;
        announcedLapse.current = premiumUntil;
        toast.show(m.app_bonus_expired({}, { locale }), "info");
        void revalidator.revalidate();
      },
      Math.max(0, Math.min(remaining, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [premiumUntil, toast, revalidator, locale]);

  const claim = async () => {
    setClaiming(true);
    try {
      const response = await fetch("/auth/app-bonus", {
        method: "POST",
        headers: answerLanguageHeaders(locale),
      });
      const body = (await response.json()) as { success?: boolean; message?: string };
      if (!response.ok || !body.success) {
        toast.show(body.message ?? t(m.app_bonus_failed), "error");
      } else {
        toast.show(body.message ?? t(m.app_bonus_unlocked), "success");
        const { default: confetti } = await import("canvas-confetti");
        void confetti({
          particleCount: 120,
          spread: 70,
          origin: { y: 0.6 },
          disableForReducedMotion: true,
        });
      }
      setOpen(false);
      await revalidator.revalidate();
    } finally {
      setClaiming(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      title={t(m.app_bonus_title)}
      footer={
        <>
          <Button variant="secondary" size="small" onClick={() => setOpen(false)}>
            {t(m.app_bonus_later)}
          </Button>
          <button
            type="button"
            disabled={claiming}
            onClick={() => void claim()}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
          >
            {claiming ? t(m.app_bonus_claiming) : t(m.app_bonus_claim)}
          </button>
        </>
      }
    >
      <p>{t(m.app_bonus_text)}</p>
    </Modal>
  );
}

import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { APP_BONUS_MODAL_DELAY_MS } from "../../core/rules";
import type { ViewerSummary } from "../../core/viewer";
import { useToast } from "./toast";
import { Modal } from "./ui/modal";

/**
 * Companion-app users: a daily bonus modal 3 s after load when they are not premium
 * and have not claimed today; claiming (on the server) gives one hour of premium, with confetti;
 * when that hour lapses, a toast says so.
 */
export function AppBonus({ viewer }: { viewer: ViewerSummary | undefined }) {
  const toast = useToast();
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
        toast.show("App user temporary premium access has expired.", "info");
        void revalidator.revalidate();
      },
      Math.max(0, Math.min(remaining, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [premiumUntil, toast, revalidator]);

  const claim = async () => {
    setClaiming(true);
    try {
      const response = await fetch("/auth/app-bonus", { method: "POST" });
      const body = (await response.json()) as { success?: boolean; message?: string };
      if (!response.ok || !body.success) {
        toast.show(body.message ?? "Could not claim the app bonus. Please try again.", "error");
      } else {
        toast.show(body.message ?? "Premium unlocked for 1 hour!", "success");
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
      title="Your Daily App Bonus"
      footer={
        <>
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600"
          >
            Maybe Later
          </button>
          <button
            type="button"
            disabled={claiming}
            onClick={() => void claim()}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
          >
            {claiming ? "Claiming..." : "Claim 1 Hour Premium"}
          </button>
        </>
      }
    >
      <p>
        Thanks for using the Kursusku app! Claim one hour of free premium access: unlimited course
        opens and article writing. One claim per day.
      </p>
    </Modal>
  );
}

import { useState } from "react";
import { Link } from "react-router";
import type { CourseFilters } from "../../core/course-filters";
import { useToast } from "./toast";

type SaveAnswer = { success?: boolean; error?: { message?: string } };

/**
 * "Alert me about new matches": saves the list's current search and filters (not its sort or
 * page) as an alert. The server checks the sign-in, the words and the cap on saved searches.
 */
export function SaveSearchButton({ filters }: { filters: CourseFilters }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set("search", filters.search);
      body.set("type", filters.type);
      body.set("language", filters.language);
      body.set("rating", String(filters.rating));
      const response = await fetch("/alerts/searches", { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as SaveAnswer;
      if (!response.ok || !answer.success) {
        toast.show(answer.error?.message ?? "Could not save. Please try again.", "error");
        return;
      }
      setSaved(true);
      toast.show("Search saved: we will tell you about new free courses that match.", "success");
    } catch {
      toast.show("Could not save. Please check your connection.", "error");
    } finally {
      setBusy(false);
    }
  };
  if (saved) {
    return (
      <Link
        to="/dashboard?tab=alerts"
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-brand-100"
      >
        Manage alerts
      </Link>
    );
  }
  return (
    <button
      type="button"
      data-replay="save-search"
      disabled={busy}
      onClick={() => void save()}
      className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      Alert me about new matches
    </button>
  );
}

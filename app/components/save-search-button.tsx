import { useState } from "react";
import { Link } from "react-router";
import type { CourseFilters } from "../../core/course-filters";
import { postAlertForm } from "../lib/alert-form";
import { useToast } from "./toast";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";

/**
 * "Alert me about new matches": saves the list's current search and filters (not its sort or
 * page) as an alert. The server checks the sign-in, the words and the cap on saved searches.
 */
export function SaveSearchButton({ filters }: { filters: CourseFilters }) {
  const { t, locale, href } = useMessages();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await postAlertForm(
        "/alerts/searches",
        {
          search: filters.search,
          type: filters.type,
          language: filters.language,
          rating: String(filters.rating),
        },
        locale,
      );
      if (!result.ok) {
        toast.show(result.message, "error");
        return;
      }
      setSaved(true);
      toast.show(t(m.account_search_saved), "success");
    } finally {
      setBusy(false);
    }
  };
  if (saved) {
    return (
      <Link
        to={href("/dashboard?tab=alerts")}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-brand-100"
      >
        {t(m.account_manage_alerts)}
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
      {t(m.account_save_search)}
    </button>
  );
}

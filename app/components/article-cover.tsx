import { useId } from "react";
import { coverImageSrc } from "../../core/safe-addresses";
import { useSiteUrl } from "./site-url";
import { useImageFailure } from "./image-failure";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/**
 * An article's cover. Without a usable address there is no cover at all (no empty 16:9 box: the
 * card is compact, the detail page starts with its title). An image that fails to load (also
 * before hydration, when React's onError could not fire yet) shows the card's placeholder or, on
 * the detail page, SPEC's "Image failed to load" box.
 */
export function ArticleCover({
  imageUrl,
  variant,
  aboveTheFold = variant === "detail",
}: {
  imageUrl: string | null;
  variant: "card" | "detail";
  /** The page's largest image on first paint: fetched at once, first, instead of lazily. */
  aboveTheFold?: boolean;
}) {
  const { t } = useMessages();
  const src = coverImageSrc(imageUrl, useSiteUrl());
  const { imageRef, failed, onError } = useImageFailure(src);

  const frame =
    variant === "card"
      ? "aspect-[16/9] w-full overflow-hidden rounded-t-xl"
      : "aspect-[16/9] w-full overflow-hidden rounded-2xl";

  if (!src) return null;
  if (failed) {
    return variant === "card" ? (
      <CoverPlaceholder className={frame} />
    ) : (
      <div
        role="img"
        aria-label={t(m.image_failed)}
        className={`${frame} flex items-center justify-center border border-dashed border-slate-300 bg-slate-100 text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300`}
      >
        <span aria-hidden="true">{t(m.image_failed)}</span>
      </div>
    );
  }
  return (
    <div className={`${frame} bg-slate-100 dark:bg-slate-800`}>
      <img
        ref={imageRef}
        src={src}
        alt=""
        loading={aboveTheFold ? "eager" : "lazy"}
        fetchPriority={aboveTheFold ? "high" : "auto"}
        decoding="async"
        referrerPolicy="no-referrer"
        onError={onError}
        className="h-full w-full object-cover"
      />
    </div>
  );
}

function CoverPlaceholder({ className }: { className: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="article-cover-placeholder"
      className={`${className} flex items-center justify-center bg-gradient-to-br from-brand-100 via-sky-100 to-emerald-100 dark:from-slate-800 dark:via-slate-800 dark:to-slate-700`}
    >
      <svg viewBox="0 0 24 24" className="h-10 w-10 text-brand-600 opacity-60" fill="none">
        <path
          d="M4 5h16v14H4zM4 15l4.5-4.5 4 4 3-3L20 15"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}

/**
 * Every article was checked by AI. The explanation is a native <details>, so a tap or the
 * keyboard shows it (a title attribute alone is hover-only); it also describes the badge for
 * screen readers while closed. The title stays for mouse users.
 */
export function AiScannedBadge() {
  const { t } = useMessages();
  const tipId = useId();
  return (
    <details className="relative -my-3 shrink-0">
      <summary
        aria-describedby={tipId}
        className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center [&::-webkit-details-marker]:hidden"
      >
        <span
          title={t(m.ai_content_check)}
          className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100"
        >
          <svg viewBox="0 0 16 16" className="h-3 w-3" aria-hidden="true" fill="currentColor">
            <path d="M8 1l5 2v4c0 3.5-2.2 6.3-5 7-2.8-.7-5-3.5-5-7V3l5-2zm-1 9.2l4.2-4.2-1-1L7 8.2 5.8 7l-1 1L7 10.2z" />
          </svg>
          {t(m.ai_scanned)}
        </span>
      </summary>
      <span
        id={tipId}
        className="absolute top-full right-0 z-10 w-max rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
      >
        {t(m.ai_content_check)}
      </span>
    </details>
  );
}

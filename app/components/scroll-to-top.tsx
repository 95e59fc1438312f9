import { useEffect, useState } from "react";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/** The button appears once the page has scrolled past this many pixels. */
export const SCROLL_TO_TOP_THRESHOLD = 400;

/**
 * A fixed "back to top" button. It is always in the DOM and only fades in, so showing it never
 * shifts the layout; while hidden it is `invisible`, which also takes it out of the tab order.
 */
export function ScrollToTop() {
  const { t } = useMessages();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  const scrollToTop = () => {
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // Smooth, but instant for users who asked for less motion.
    window.scrollTo({ top: 0, behavior: reduceMotion ? "instant" : "smooth" });
  };

  return (
    <button
      type="button"
      aria-label={t(m.scroll_to_top)}
      data-toast-avoid=""
      title={t(m.scroll_to_top)}
      onClick={scrollToTop}
      className={`fixed right-4 bottom-4 z-40 flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 motion-safe:transition-[opacity,visibility] motion-safe:duration-300 sm:right-6 sm:bottom-6 print:hidden ${
        visible ? "visible opacity-100" : "pointer-events-none invisible opacity-0"
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </button>
  );
}

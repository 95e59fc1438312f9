import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useLocation } from "react-router";
import { placeToast, type Band } from "../lib/toast-placement";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

export type ToastType = "info" | "success" | "error";
export type Toast = {
  id: number;
  message: string;
  type: ToastType;
  duration: number;
  leaving: boolean;
  /** Set for a toast about this page only: the path it belongs to, where it may show. */
  page?: string;
};

export type ToastOptions = {
  /**
   * The toast speaks of the page it was shown on (e.g. "Redirecting to …" under the View Course
   * button just pressed): it goes as soon as the visitor moves to another page.
   */
  thisPageOnly?: boolean;
};

/** At most 4 toasts (oldest dropped), 5000 ms by default, 300 ms exit animation. */
export const MAX_TOASTS = 4;
export const DEFAULT_TOAST_MS = 5000;
export const TOAST_EXIT_MS = 300;

type ToastApi = {
  show(message: string, type?: ToastType, duration?: number, options?: ToastOptions): void;
  dismiss(id: number): void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  useLayoutEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  const remove = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      setToasts((current) =>
        current.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)),
      );
      const existing = timers.current.get(id);
      if (existing) clearTimeout(existing);
      timers.current.set(
        id,
        setTimeout(() => remove(id), TOAST_EXIT_MS),
      );
    },
    [remove],
  );

  const show = useCallback(
    (
      message: string,
      type: ToastType = "info",
      duration = DEFAULT_TOAST_MS,
      options: ToastOptions = {},
    ) => {
      const id = nextId.current++;
      const page = options.thisPageOnly ? currentPath.current : undefined;
      setToasts((current) =>
        [...current, { id, message, type, duration, leaving: false, page }].slice(-MAX_TOASTS),
      );
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* A toast about the page being left does not follow the visitor onto the next one (its
          timer still removes it). */}
      <ToastStack
        toasts={toasts.filter((toast) => toast.page === undefined || toast.page === pathname)}
        onDismiss={dismiss}
      />
    </ToastContext.Provider>
  );
}

const toneClass: Record<ToastType, string> = {
  info: "border-sky-300 bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100",
  success:
    "border-emerald-400 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-400 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
};

/** Space between a toast and the screen edge, the header or a button. */
const TOAST_GAP_PX = 8;
const TOAST_EDGE_PX = 16;

/**
 * Up to 4 toasts stack at the right on wide screens; on phones (below Tailwind's `sm`) only the
 * newest shows — the others, up to 4, wait behind it and come back if it goes first. Either way
 * the stack sits in the lowest spot that covers no View Course button and no fixed button, and
 * moves as the page scrolls: a toast must never sit on what the learner is about to press.
 */
function ToastStack({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const { t } = useMessages();
  const stackRef = useRef<HTMLElement>(null);
  const [top, setTop] = useState<number | null>(null);

  useLayoutEffect(() => {
    if (toasts.length === 0) return;
    // Browsers send at most one scroll event a frame, so placing on each one needs no throttle.
    const place = () => {
      const stack = stackRef.current;
      if (stack) setTop(findClearTop(stack));
    };
    place();
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [toasts]);

  return (
    <section
      ref={stackRef}
      aria-label={t(m.toast_region)}
      style={top === null ? undefined : { top, bottom: "auto" }}
      className="pointer-events-none fixed right-4 bottom-20 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 sm:right-6 sm:bottom-20"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === "error" ? "alert" : "status"}
          data-toast-type={toast.type}
          className={`pointer-events-auto flex items-center gap-2 rounded-xl border-l-4 py-1 pl-3 shadow-lg transition-all duration-300 max-sm:[&:not(:last-child)]:hidden ${toneClass[toast.type]} ${toast.leaving ? "translate-x-4 opacity-0" : "opacity-100"}`}
        >
          <p className="flex-1 py-2 text-sm">{toast.message}</p>
          <button
            type="button"
            onClick={() => onDismiss(toast.id)}
            aria-label={t(m.toast_dismiss)}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-lg leading-none"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}

/** The stack's top on a phone: below the sticky header, clear of every marked control. */
function findClearTop(stack: HTMLElement): number {
  const box = stack.getBoundingClientRect();
  const header = document.querySelector("body > header");
  const headerBottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const obstacles: Band[] = [];
  for (const control of document.querySelectorAll("[data-toast-avoid]")) {
    // A faded-out scroll-to-top button is invisible and cannot be pressed.
    if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const rect = control.getBoundingClientRect();
    if (rect.right > box.left && rect.left < box.right) {
      obstacles.push({ top: rect.top, bottom: rect.bottom });
    }
  }
  return placeToast({
    minTop: headerBottom + TOAST_GAP_PX,
    maxBottom: window.innerHeight - TOAST_EDGE_PX,
    height: box.height,
    obstacles,
    gap: TOAST_GAP_PX,
  });
}

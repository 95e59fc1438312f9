import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";

export type ToastType = "info" | "success" | "error";
export type Toast = {
  id: number;
  message: string;
  type: ToastType;
  duration: number;
  leaving: boolean;
};

/** At most 4 toasts (oldest dropped), 5000 ms by default, 300 ms exit animation. */
export const MAX_TOASTS = 4;
export const DEFAULT_TOAST_MS = 5000;
export const TOAST_EXIT_MS = 300;

type ToastApi = {
  show(message: string, type?: ToastType, duration?: number): void;
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
    (message: string, type: ToastType = "info", duration = DEFAULT_TOAST_MS) => {
      const id = nextId.current++;
      setToasts((current) =>
        [...current, { id, message, type, duration, leaving: false }].slice(-MAX_TOASTS),
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
      <ToastStack toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

const toneClass: Record<ToastType, string> = {
  info: "border-sky-300 bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100",
  success:
    "border-emerald-400 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-400 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
};

function ToastStack({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === "error" ? "alert" : "status"}
          data-toast-type={toast.type}
          className={`pointer-events-auto flex items-start gap-3 rounded-xl border-l-4 p-3 shadow-lg transition-all duration-300 ${toneClass[toast.type]} ${toast.leaving ? "translate-x-4 opacity-0" : "opacity-100"}`}
        >
          <p className="flex-1 text-sm">{toast.message}</p>
          <button
            type="button"
            onClick={() => onDismiss(toast.id)}
            aria-label="Dismiss notification"
            className="rounded px-1 text-lg leading-none"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}

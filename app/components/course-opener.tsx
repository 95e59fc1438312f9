import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from "react";
import { Link, useRevalidator } from "react-router";
import { TRUNCATE, truncate } from "../../core/text";
import { isOutOfCredits, type ViewerSummary } from "../../core/viewer";
import { useToast } from "./toast";
import { Modal } from "./ui/modal";

type OpenHandler = (
  event: MouseEvent<HTMLAnchorElement>,
  course: { id: number; title: string },
) => void;

const CourseOpenerContext = createContext<OpenHandler | null>(null);

/** A second click on the same course within this time is ignored. */
const DOUBLE_CLICK_GUARD_MS = 3000;
/** The new tab's request spends the credit; refresh the balance shortly after. */
const REFRESH_AFTER_OPEN_MS = 1500;

/**
 * Every "open a course" link (cards, history, trending) goes to /go/:id in a new tab, where the
 * server spends the credit. This handler only mirrors the rules for a quick answer: it shows the
 * Credit Limit Reached modal instead of navigating when the viewer is known to be out, ignores
 * double clicks, announces the redirect and refreshes the balance afterwards.
 */
export function CourseOpenerProvider({
  viewer,
  children,
}: {
  viewer: ViewerSummary | undefined;
  children: ReactNode;
}) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [limitOpen, setLimitOpen] = useState(false);
  const lastOpened = useRef(new Map<number, number>());
  const refreshOnReturn = useRef(false);

  useEffect(() => {
    const refresh = () => {
      if (!refreshOnReturn.current) return;
      refreshOnReturn.current = false;
      void revalidator.revalidate();
    };
    window.addEventListener("focus", refresh);
    return () => window.removeEventListener("focus", refresh);
  }, [revalidator]);

  const open = useCallback<OpenHandler>(
    (event, course) => {
      if (isOutOfCredits(viewer)) {
        event.preventDefault();
        setLimitOpen(true);
        return;
      }
      const now = Date.now();
      const previous = lastOpened.current.get(course.id);
      if (previous !== undefined && now - previous < DOUBLE_CLICK_GUARD_MS) {
        event.preventDefault();
        return;
      }
      lastOpened.current.set(course.id, now);
      toast.show(
        `Redirecting to ${truncate(course.title, TRUNCATE.redirectToastTitle)}...`,
        "info",
      );
      refreshOnReturn.current = true;
      setTimeout(() => void revalidator.revalidate(), REFRESH_AFTER_OPEN_MS);
    },
    [viewer, toast, revalidator],
  );

  return (
    <CourseOpenerContext.Provider value={open}>
      {children}
      <CreditLimitModal
        open={limitOpen}
        onClose={() => setLimitOpen(false)}
        signedIn={viewer?.signedIn ?? false}
      />
    </CourseOpenerContext.Provider>
  );
}

export function useCourseOpener(): OpenHandler {
  const open = useContext(CourseOpenerContext);
  return open ?? (() => undefined);
}

export function CreditLimitModal({
  open,
  onClose,
  signedIn,
}: {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Credit Limit Reached"
      footer={
        <>
          {signedIn && (
            <Link
              to="/#redeem-section"
              onClick={onClose}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600"
            >
              Redeem a Code
            </Link>
          )}
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white"
          >
            Close
          </button>
        </>
      }
    >
      <CreditLimitText signedIn={signedIn} />
    </Modal>
  );
}

export function CreditLimitText({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <p>
      You have used all your credits. Your balance tops up to 10 credits every day at midnight
      (WIB), or you can redeem a code for more.
    </p>
  ) : (
    <p>
      You have used your 3 free credits for today. Sign in to get 10 credits every day, or come back
      tomorrow.
    </p>
  );
}

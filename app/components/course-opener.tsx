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
import { Link, useLocation, useRevalidator } from "react-router";
import { canOpenCourse, type ViewerSummary } from "../../core/viewer";
import {
  FIRST_OPEN_NOTICE_KEY,
  firstOpenNoticeText,
  goHref,
  needsFirstOpenNotice,
  redirectToastMessage,
} from "../lib/course-opening";
import { useMessages } from "../lib/i18n";
import { signInHref } from "../lib/sign-in-href";
import * as m from "../../core/paraglide/messages";
import { useLayerPending, viewerForTap } from "./personal-layer";
import { DEFAULT_TOAST_MS, useToast } from "./toast";
import { Modal } from "./ui/modal";

type OpenedCourse = { id: number; title: string };
type OpenHandler = (event: MouseEvent<HTMLAnchorElement>, course: OpenedCourse) => void;

const CourseOpenerContext = createContext<OpenHandler | null>(null);

/** A second click on the same course within this time is ignored. */
const DOUBLE_CLICK_GUARD_MS = 3000;
/** The new tab's request spends the credit; refresh the balance shortly after. */
const REFRESH_AFTER_OPEN_MS = 1500;

/**
 * Every "open a course" link (cards, history, trending) goes to /go/:id in a new tab, where the
 * server spends the credit. This handler only mirrors the rules for a quick answer: it shows the
 * Credit Limit Reached modal instead of navigating when the viewer is known to be out (a course
 * already opened today still opens: the server re-opens it free), ignores double clicks,
 * announces the redirect and refreshes the balance afterwards. A visitor's first open that would
 * spend asks once, first, with what it costs and what remains.
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
  const { locale } = useMessages();
  const [limitOpen, setLimitOpen] = useState(false);
  const [noticeFor, setNoticeFor] = useState<OpenedCourse | null>(null);
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

  const announce = useCallback(
    (course: OpenedCourse) => {
      lastOpened.current.set(course.id, Date.now());
      toast.show(redirectToastMessage(course.title, locale), "info", DEFAULT_TOAST_MS, {
        thisPageOnly: true,
      });
      refreshOnReturn.current = true;
      setTimeout(() => void revalidator.revalidate(), REFRESH_AFTER_OPEN_MS);
    },
    [toast, revalidator, locale],
  );

  const layerPending = useLayerPending();
  const open = useCallback<OpenHandler>(
    (event, course) => {
      const tapper = viewerForTap(viewer, layerPending);
      if (!canOpenCourse(tapper, course.id)) {
        event.preventDefault();
        setLimitOpen(true);
        return;
      }
      const previous = lastOpened.current.get(course.id);
      if (previous !== undefined && Date.now() - previous < DOUBLE_CLICK_GUARD_MS) {
        event.preventDefault();
        return;
      }
      if (needsFirstOpenNotice(tapper, course.id, readNoticeSeen())) {
        event.preventDefault();
        setNoticeFor(course);
        return;
      }
      announce(course);
    },
    [viewer, layerPending, announce],
  );

  const closeNotice = () => {
    rememberNoticeSeen();
    setNoticeFor(null);
  };

  // An open dialog speaks of the visitor who tapped, even before the layer was laid (see `open`).
  const shownViewer = limitOpen || noticeFor ? viewerForTap(viewer, layerPending) : viewer;
  return (
    <CourseOpenerContext.Provider value={open}>
      {children}
      <CreditLimitModal
        open={limitOpen}
        onClose={() => setLimitOpen(false)}
        signedIn={shownViewer?.signedIn ?? false}
      />
      <FirstOpenNotice
        course={noticeFor}
        creditsRemaining={shownViewer?.creditsRemaining ?? 0}
        onClose={closeNotice}
        onOpen={(course) => {
          closeNotice();
          announce(course);
        }}
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
  const { t, href, locale } = useMessages();
  const location = useLocation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t(m.credit_limit_title)}
      footer={
        <>
          {!signedIn && (
            // A full page load: the sign-in page brings the visitor back to this one.
            <a
              href={signInHref(locale, `${location.pathname}${location.search}`)}
              data-testid="credit-limit-sign-in"
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600"
            >
              {t(m.sign_in)}
            </a>
          )}
          {signedIn && (
            <Link
              to={href("/#redeem-section")}
              onClick={onClose}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600"
            >
              {t(m.credit_limit_redeem)}
            </Link>
          )}
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white"
          >
            {t(m.close)}
          </button>
        </>
      }
    >
      <CreditLimitText signedIn={signedIn} />
    </Modal>
  );
}

export function CreditLimitText({ signedIn }: { signedIn: boolean }) {
  const { t } = useMessages();
  return <p>{t(signedIn ? m.credit_limit_member : m.credit_limit_visitor)}</p>;
}

/** Storage can be full or blocked (private modes): then the notice just shows again. */
function readNoticeSeen(): boolean {
  try {
    return window.localStorage.getItem(FIRST_OPEN_NOTICE_KEY) !== null;
  } catch {
    return false;
  }
}

function rememberNoticeSeen(): void {
  try {
    window.localStorage.setItem(FIRST_OPEN_NOTICE_KEY, "1");
  } catch (error) {
    console.warn("Could not remember the credit notice", error);
  }
}

/**
 * Shown once, before a visitor's first spend. Its Open link is the same /go link in a new tab,
 * so one tap on it opens the course; any way of closing it also counts as seen.
 */
function FirstOpenNotice({
  course,
  creditsRemaining,
  onClose,
  onOpen,
}: {
  course: OpenedCourse | null;
  creditsRemaining: number | null;
  onClose: () => void;
  onOpen: (course: OpenedCourse) => void;
}) {
  const { t, locale } = useMessages();
  // Keeps the last course while the dialog fades out.
  const [shown, setShown] = useState(course);
  if (course && course !== shown) setShown(course);
  return (
    <Modal open={course !== null} onClose={onClose} title={t(m.first_open_title)}>
      <div data-testid="first-open-notice" className="space-y-2">
        <p>{firstOpenNoticeText(creditsRemaining ?? 0, locale)}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t(m.first_open_free_again)}</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600"
        >
          {t(m.first_open_not_now)}
        </button>
        {shown && (
          <a
            href={goHref(shown.id, locale)}
            target="_blank"
            rel="nofollow noopener"
            onClick={() => onOpen(shown)}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t(m.first_open_open)}
          </a>
        )}
      </div>
    </Modal>
  );
}

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useMessages } from "../../lib/i18n";
import * as m from "../../../core/paraglide/messages";

export const MODAL_CLOSE_ANIMATION_MS = 300;

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
};

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus
 * to the opener. Closing plays a 300 ms fade before the dialog leaves the page.
 */
export function Modal({ open, onClose, title, children, footer }: ModalProps) {
  const { t } = useMessages();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setClosing(false);
      dialog.showModal();
    } else if (!open && dialog.open) {
      setClosing(true);
      const timer = setTimeout(() => {
        dialog.close();
        setClosing(false);
      }, MODAL_CLOSE_ANIMATION_MS);
      return () => clearTimeout(timer);
    }
  }, [open]);

  const titleId = useId();
  return (
    // Clicking the backdrop closes, as Escape already does for keyboard users (native <dialog>).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose();
      }}
      className={`m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl transition-opacity duration-300 backdrop:bg-slate-900/60 dark:bg-slate-900 dark:text-slate-100 ${closing ? "opacity-0" : "opacity-100"}`}
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="-mt-2 -mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
            aria-label={t(m.modal_close)}
          >
            ✕
          </button>
        </div>
        <div className="mt-4">{children}</div>
        {footer && <div className="mt-6 flex justify-end gap-2">{footer}</div>}
      </div>
    </dialog>
  );
}

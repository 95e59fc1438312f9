import { useState, type ReactNode } from "react";

/**
 * Renders `children` from the first time `open` is true and keeps them mounted afterwards, so a
 * dialog keeps its answer and plays its closing fade. Until then it renders nothing: a lazily
 * loaded dialog is neither rendered on the server (no streamed Suspense boundary to reveal after
 * the first paint) nor downloaded and evaluated during hydration, where its code (zod, for the AI
 * dialogs) was a long task on phones (decision 0020). An early tap on the button that opens it is
 * replayed after hydration and loads it then.
 */
export function MountOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering: the children mount in the same render that opens them.
  if (open && !opened) setOpened(true);
  return open || opened ? children : null;
}

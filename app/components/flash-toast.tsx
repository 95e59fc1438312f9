import { useEffect } from "react";
import { FLASH_COOKIE_NAME, FLASH_ELEMENT_ID, type RootData } from "../../core/root-data";
import { useToast } from "./toast";

type Flash = NonNullable<RootData["flash"]>;

/** Read once: the block at the end of a shared page is this document's, not the next page's. */
let flashInDocumentRead = false;

/** The flash message the server appended to a shared page for this request (decision 0042). */
function documentFlash(): Flash | null {
  if (flashInDocumentRead) return null;
  flashInDocumentRead = true;
  const element = document.getElementById(FLASH_ELEMENT_ID);
  if (!element) return null;
  try {
    const flash = JSON.parse(element.textContent ?? "") as Partial<Flash>;
    return typeof flash.message === "string" && flash.type
      ? { type: flash.type, message: flash.message }
      : null;
  } catch {
    return null;
  }
}

/**
 * Shows the message a redirect left (sign-in, sign-out, a form posted without JavaScript), then
 * deletes its cookie. A page rendered for its visitor has it in the loader data; a shared page
 * carries it in a block at its end, after the page's own markup.
 */
export function FlashToast({
  flash,
  sharedRender,
}: {
  flash: RootData["flash"];
  sharedRender: boolean;
}) {
  const toast = useToast();
  useEffect(() => {
    const show = () => {
      const shown = flash ?? (sharedRender ? documentFlash() : null);
      if (!shown) return;
      document.cookie = `${FLASH_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax`;
      toast.show(shown.message, shown.type);
    };
    if (flash || document.readyState !== "loading") {
      show();
      return;
    }
    document.addEventListener("DOMContentLoaded", show, { once: true });
    return () => document.removeEventListener("DOMContentLoaded", show);
  }, [flash, sharedRender, toast]);
  return null;
}

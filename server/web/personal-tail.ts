import { ANSWER_LANGUAGE_FIELD, localizedHref, type Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import { PERSONAL_LAYER_ELEMENT_ID, type PersonalLayer } from "../../core/personal-layer";
import { FLASH_ELEMENT_ID, type FlashData } from "../../core/root-data";
import { escapeHtml } from "./escape-html";
import { NO_SCRIPT_MARKER_PATH } from "./no-script";

/**
 * What ends a shared page for one visitor, just before `</body>`:
 * - the PersonalLayer as a JSON data block, which the browser lays over the page after hydration;
 * - for a browser without JavaScript, a bar that says who is signed in, the credits left, and links
 *   to the dashboard and sign-out (opening a course needs no script: View Course is a link to /go,
 *   which applies the credit rules on the server), and the marker that gets its next pages
 *   rendered for it (server/web/no-script.ts). It sits in <noscript>, so a browser that runs
 *   scripts never shows or fetches any of it.
 * The bar speaks the page's language (`locale`, from the shared page's address).
 */
export function renderPersonalTail(layer: PersonalLayer, locale: Locale = "en"): string {
  return `${noScriptBar(layer, locale)}<script type="application/json" id="${PERSONAL_LAYER_ELEMENT_ID}">${jsonForScript(layer)}</script>`;
}

/**
 * The flash message a form's redirect left, for this one request (never kept with the visitor's
 * ending): a data block the page shows as its toast, and for a browser without JavaScript a bar
 * at the top of the screen (the visitor's own bar holds the bottom). The message was written in
 * the language of the page that posted the form.
 */
export function renderFlashTail(flash: FlashData): string {
  const tone = flash.type === "error" ? "text-red-700 dark:text-red-300" : "";
  return `<noscript><div class="${FLASH_BAR_CLASS} ${tone}" role="status" data-testid="no-script-flash">${escapeHtml(flash.message)}</div></noscript><script type="application/json" id="${FLASH_ELEMENT_ID}">${jsonForScript(flash)}</script>`;
}

/** JSON inside <script>: no `<` may appear, or `</script>` in a value would end the block. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const BAR_CLASS =
  "fixed inset-x-0 bottom-0 z-40 flex flex-wrap items-center justify-center gap-3 border-t border-slate-200 bg-white px-4 py-2 text-sm dark:border-slate-800 dark:bg-slate-900";
const FLASH_BAR_CLASS =
  "fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white px-4 py-3 text-center text-sm font-semibold dark:border-slate-800 dark:bg-slate-900";
const BAR_LINK_CLASS = "inline-flex min-h-11 items-center font-semibold text-brand-700 underline";

function noScriptBar({ viewer }: PersonalLayer, locale: Locale): string {
  const left = viewer.creditsRemaining;
  const credits =
    left === null
      ? m.server_noscript_unlimited({}, { locale })
      : (left === 1 ? m.server_noscript_credits_one : m.server_noscript_credits_other)(
          { count: left },
          { locale },
        );
  const parts = [`<span data-testid="no-script-credits">${escapeHtml(credits)}</span>`];
  if (viewer.signedIn) {
    parts.unshift(
      `<span data-testid="no-script-viewer">${escapeHtml(m.server_noscript_signed_in_as({}, { locale }))} <strong>${escapeHtml(viewer.name ?? viewer.email)}</strong></span>`,
    );
    parts.push(
      `<a class="${BAR_LINK_CLASS}" href="${localizedHref(locale, "/dashboard")}">${escapeHtml(m.server_noscript_dashboard({}, { locale }))}</a>`,
      `<form method="post" action="/auth/signout"><input type="hidden" name="${ANSWER_LANGUAGE_FIELD}" value="${locale}"><button type="submit" class="${BAR_LINK_CLASS}">${escapeHtml(m.server_noscript_sign_out({}, { locale }))}</button></form>`,
    );
  }
  // The shared page's own sign-in controls speak to a visitor who is not signed in.
  const hideSignIn = viewer.signedIn ? "<style>[data-signed-out-only]{display:none}</style>" : "";
  const marker = `<link rel="stylesheet" href="${NO_SCRIPT_MARKER_PATH}">`;
  return `<noscript>${marker}${hideSignIn}<div class="${BAR_CLASS}" data-testid="no-script-personal-bar">${parts.join("")}</div></noscript>`;
}

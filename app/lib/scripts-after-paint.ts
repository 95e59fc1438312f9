import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { DEFERRED_MODULE_TYPE } from "../../core/deferred-module";

/**
 * Pages start downloading their JavaScript only once the browser has painted them and loaded
 * what the first frame shows (decision 0013). React Router's `<Scripts>` emits `<link
 * rel="modulepreload">` tags (React 19 hoists them into `<head>`) and one inline module script
 * whose imports start the downloads as soon as they are parsed. On a phone's slow link those
 * ~130 kB then share the bandwidth with the HTML and the first images, although the page is
 * complete and usable without them. This stream rewrites both into inert forms and adds a small
 * starter that turns them back after the window's load event (at most START_AT_LATEST_MS after
 * parsing, so a slow image does not hold interactivity back).
 */
export { DEFERRED_MODULE_TYPE };
const DEFERRED_PRELOAD_REL = "x-kursusku-modulepreload";
const START_AT_LATEST_MS = 1500;

const PRELOAD_TAG = '<link rel="modulepreload"';
const MODULE_SCRIPT_TAG = '<script type="module"';
const SCRIPT_END = "</script>";
const ASYNC_ATTRIBUTE = /\sasync(?:=(?:""|"async"))?(?=[\s/]|$)/;

/**
 * Preloads restored per task. Each one starts a fetch, about 0.5 ms of main thread here and 2 ms
 * on a phone: the ~20 of a page in one go were a long task of their own (decision 0020).
 */
const PRELOADS_PER_TASK = 4;

/**
 * Runs once: restores the preloads, a few per task, then the module script, in document order.
 */
export const STARTER_SCRIPT =
  `(()=>{let started=false;const start=()=>{if(started)return;started=true;` +
  `const links=[...document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]')];` +
  `const next=()=>{for(const link of links.splice(0,${PRELOADS_PER_TASK})){` +
  `const preload=document.createElement("link");preload.rel="modulepreload";preload.href=link.href;` +
  `document.head.append(preload);}` +
  `if(links.length>0){setTimeout(next,0);return;}` +
  `for(const block of document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]')){` +
  `const script=document.createElement("script");script.type="module";script.nonce=block.nonce;` +
  `script.textContent=block.textContent;block.after(script);}};next();};` +
  `addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(start,0)),{once:true});` +
  `setTimeout(start,${START_AT_LATEST_MS});})();`;

export function startScriptsAfterPaint(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      pending += typeof chunk === "string" ? chunk : decoder.write(chunk);
      const { ready, rest } = rewriteReady(pending);
      pending = rest;
      callback(null, ready);
    },
    flush(callback) {
      callback(null, rewriteReady(pending + decoder.end(), true).ready);
    },
  });
}

/**
 * Rewrites what is complete in `text`; returns the rest that may still be the start of a tag
 * or a module script that continues in the next chunk.
 */
function rewriteReady(text: string, final = false): { ready: string; rest: string } {
  let ready = "";
  let index = 0;
  for (;;) {
    const preload = text.indexOf(PRELOAD_TAG, index);
    const module = text.indexOf(MODULE_SCRIPT_TAG, index);
    const next = [preload, module].filter((found) => found >= 0).sort((a, b) => a - b)[0];
    if (next === undefined) break;
    if (next === preload) {
      ready += text.slice(index, next) + `<link rel="${DEFERRED_PRELOAD_REL}"`;
      index = next + PRELOAD_TAG.length;
      continue;
    }
    const end = text.indexOf(SCRIPT_END, next);
    if (end < 0) {
      if (final) break; // never closed: sent as it came, below
      return { ready: ready + text.slice(index, next), rest: text.slice(next) };
    }
    const script = text.slice(next, end + SCRIPT_END.length);
    const openingEnd = script.indexOf(">");
    const nonce = /\snonce="([^"]*)"/.exec(script.slice(0, openingEnd))?.[1];
    // `async` goes: HTML allows it on scripts, not on a data block (the starter's copy is a
    // module inserted by script, which runs as soon as it is ready anyway).
    const opening = script
      .slice(0, openingEnd)
      .replace(MODULE_SCRIPT_TAG, `<script type="${DEFERRED_MODULE_TYPE}"`)
      .replace(ASYNC_ATTRIBUTE, "");
    ready +=
      text.slice(index, next) +
      opening +
      script.slice(openingEnd) +
      `<script${nonce ? ` nonce="${nonce}"` : ""}>${STARTER_SCRIPT}</script>`;
    index = end + SCRIPT_END.length;
  }
  const tail = text.slice(index);
  const keep = final
    ? 0
    : Math.max(partialTagLength(tail, PRELOAD_TAG), partialTagLength(tail, MODULE_SCRIPT_TAG));
  return { ready: ready + tail.slice(0, tail.length - keep), rest: tail.slice(tail.length - keep) };
}

/** The length of the longest end of `text` that is the beginning of `tag`. */
function partialTagLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length -= 1) {
    if (tag.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

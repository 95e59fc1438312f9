import { describe, expect, it } from "vitest";
import { judgeNavigation } from "./navigation-gate";

function judge(headers: Record<string, string>, method = "GET") {
  return judgeNavigation({ method, headers: new Headers(headers) });
}

const CLICK_ON_THIS_SITE = {
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
  "sec-fetch-site": "same-origin",
  "sec-fetch-user": "?1",
};

describe("judgeNavigation", () => {
  it("opens a click on this site, a typed address and a request without fetch metadata", () => {
    expect(judge(CLICK_ON_THIS_SITE)).toEqual({ kind: "open" });
    expect(judge({ ...CLICK_ON_THIS_SITE, "sec-fetch-site": "none" })).toEqual({ kind: "open" });
    expect(judge({})).toEqual({ kind: "open" });
    expect(judge({ "user-agent": "curl/8.5.0" })).toEqual({ kind: "open" });
  });

  it("refuses an <img>, a script, an iframe or a fetch() of the address", () => {
    for (const destination of ["image", "script", "style", "iframe", "empty", "video", "font"]) {
      const verdict = judge({ ...CLICK_ON_THIS_SITE, "sec-fetch-dest": destination });
      expect(verdict, destination).toMatchObject({ kind: "refuse", status: 403 });
    }
    // An <img> on another site or in an article: no user gesture, no navigation.
    expect(
      judge({
        "sec-fetch-dest": "image",
        "sec-fetch-mode": "no-cors",
        "sec-fetch-site": "cross-site",
      }),
    ).toMatchObject({ kind: "refuse" });
  });

  it("refuses HEAD and every other method", () => {
    expect(judge(CLICK_ON_THIS_SITE, "HEAD")).toMatchObject({ kind: "refuse", status: 405 });
    expect(judge({}, "HEAD")).toMatchObject({ kind: "refuse", status: 405 });
    expect(judge({}, "POST")).toMatchObject({ kind: "refuse", status: 405 });
  });

  it("refuses prefetch, prerender and preview loads, whichever header says so", () => {
    const speculative: Array<Record<string, string>> = [
      { "sec-purpose": "prefetch" },
      { "sec-purpose": "prefetch;prerender" },
      { "sec-purpose": "prefetch;anonymous-client-ip" },
      { purpose: "prefetch" },
      { purpose: "Prerender" },
      { "x-moz": "prefetch" },
      { "x-purpose": "preview" },
    ];
    for (const headers of speculative) {
      const verdict = judge({ ...CLICK_ON_THIS_SITE, ...headers });
      expect(verdict, JSON.stringify(headers)).toMatchObject({ kind: "refuse", status: 403 });
      expect(judge(headers), JSON.stringify(headers)).toMatchObject({ kind: "refuse" });
    }
  });

  it("asks first when another site started the navigation", () => {
    expect(judge({ ...CLICK_ON_THIS_SITE, "sec-fetch-site": "cross-site" })).toEqual({
      kind: "confirm",
    });
    expect(judge({ ...CLICK_ON_THIS_SITE, "sec-fetch-site": "same-site" })).toEqual({
      kind: "confirm",
    });
  });
});

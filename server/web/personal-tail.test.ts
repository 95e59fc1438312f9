import { describe, expect, it } from "vitest";
import type { PersonalLayer } from "../../core/personal-layer";
import { renderFlashTail, renderPersonalTail } from "./personal-tail";

const signedIn: PersonalLayer = {
  viewer: {
    signedIn: true,
    userId: "u1",
    email: "ana@example.com",
    name: "Ana </script><script>alert(1)</script>",
    avatarUrl: "https://example.com/a.svg",
    status: "standard",
    creditsRemaining: 1,
    creditBalance: 1,
    premiumUntil: null,
    isAppUser: false,
    appBonusClaimable: false,
    joinedAt: "2026-11-01T00:00:00.000Z",
    openedToday: [],
  },
  favouriteCourseIds: [3],
  visitedCourseIds: [4],
  redemptions: [],
  canWriteArticles: false,
  review: null,
  courseList: null,
};

describe("a visitor's personal ending", () => {
  it("carries the layer as JSON that cannot close its script element", () => {
    const tail = renderPersonalTail(signedIn);
    const json = /<script type="application\/json" id="kk-personal-layer">(.*)<\/script>$/.exec(
      tail,
    )?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain("<");
    expect(JSON.parse(json!)).toEqual(signedIn);
  });

  it("names a signed-in visitor without scripts, escaped, with credits, dashboard and sign-out", () => {
    const tail = renderPersonalTail(signedIn);
    const noScript = /<noscript>(.*)<\/noscript>/.exec(tail)?.[1] ?? "";
    expect(noScript).toContain(
      "Signed in as <strong>Ana &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</strong>",
    );
    expect(noScript).toContain(">1 credit left<");
    expect(noScript).toContain('href="/dashboard"');
    expect(noScript).toContain('<form method="post" action="/auth/signout">');
    expect(noScript).toContain("[data-signed-out-only]{display:none}");
    expect(noScript).toContain('<link rel="stylesheet" href="/no-script.css">');
  });

  it("shows a visitor's credits only, and premium as unlimited", () => {
    const visitor = renderPersonalTail({
      ...signedIn,
      viewer: {
        signedIn: false,
        creditsRemaining: 0,
        dailyLimit: 3,
        isAppUser: false,
        openedToday: [7],
      },
    });
    expect(visitor).toContain(">0 credits left<");
    expect(visitor).not.toContain("Signed in as");
    expect(visitor).not.toContain("data-signed-out-only");
    const premium = renderPersonalTail({
      ...signedIn,
      viewer: { ...signedIn.viewer, creditsRemaining: null } as PersonalLayer["viewer"],
    });
    expect(premium).toContain(">Unlimited credits<");
  });

  it("speaks the page's language on an Indonesian page", () => {
    const tail = renderPersonalTail(signedIn, "id");
    const noScript = /<noscript>(.*)<\/noscript>/.exec(tail)?.[1] ?? "";
    expect(noScript).toContain("Masuk sebagai <strong>Ana");
    expect(noScript).toContain(">Sisa 1 kredit<");
    expect(noScript).toContain('href="/id/dashboard">Dasbor</a>');
    expect(noScript).toContain('<input type="hidden" name="lang" value="id">');
    expect(noScript).toContain(">Keluar</button>");
    const premium = renderPersonalTail(
      {
        ...signedIn,
        viewer: { ...signedIn.viewer, creditsRemaining: null } as PersonalLayer["viewer"],
      },
      "id",
    );
    expect(premium).toContain(">Kredit tanpa batas<");
  });
});

describe("a flash message at the end of a shared page", () => {
  it("carries it as the toast's data and in a no-script bar, neither able to inject markup", () => {
    const tail = renderFlashTail({ type: "error", message: "Nope </script><b>x</b>" });
    expect(tail).toContain(
      '<script type="application/json" id="kk-flash">{"type":"error","message":"Nope \\u003c/script>\\u003cb>x\\u003c/b>"}</script>',
    );
    expect(tail).toMatch(
      /^<noscript><div [^>]*role="status" data-testid="no-script-flash">Nope &lt;\/script&gt;&lt;b&gt;x&lt;\/b&gt;<\/div><\/noscript>/,
    );
  });
});

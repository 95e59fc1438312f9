import { describe, expect, it } from "vitest";
import { canOpenCourse, type AnonymousViewer, type SignedInViewer } from "../../core/viewer";
import {
  firstOpenNoticeText,
  needsFirstOpenNotice,
  outOfCreditsNextStep,
  redirectToastMessage,
  timeUntilCreditReset,
} from "./course-opening";

const visitor = (creditsRemaining: number, openedToday: number[] = []): AnonymousViewer => ({
  signedIn: false,
  creditsRemaining,
  dailyLimit: 3,
  isAppUser: false,
  openedToday,
});

const member = (creditsRemaining: number | null, openedToday: number[] = []): SignedInViewer => ({
  signedIn: true,
  userId: "u1",
  email: "a@example.com",
  name: null,
  avatarUrl: "https://example.com/a.svg",
  status: creditsRemaining === null ? "premium" : "standard",
  creditsRemaining,
  creditBalance: creditsRemaining ?? 0,
  premiumUntil: null,
  isAppUser: false,
  appBonusClaimable: false,
  joinedAt: "2026-01-01T00:00:00.000Z",
  openedToday,
});

describe("canOpenCourse", () => {
  it("opens every course while credits remain, and for premium", () => {
    expect(canOpenCourse(visitor(1), 7)).toBe(true);
    expect(canOpenCourse(member(null), 7)).toBe(true);
  });

  it("at 0 credits opens only the courses already opened today (the server re-opens them free)", () => {
    expect(canOpenCourse(visitor(0, [3, 7]), 7)).toBe(true);
    expect(canOpenCourse(visitor(0, [3, 7]), 8)).toBe(false);
    expect(canOpenCourse(member(0, [8]), 8)).toBe(true);
    expect(canOpenCourse(member(0, [8]), 9)).toBe(false);
  });

  it("opens nothing when nobody is loaded", () => {
    expect(canOpenCourse(undefined, 1)).toBe(false);
  });
});

describe("redirectToastMessage", () => {
  it("keeps a short title whole", () => {
    expect(redirectToastMessage("Learn SQL", "en")).toBe("Redirecting to Learn SQL...");
  });

  it("cuts a long title to 30 characters with one set of dots", () => {
    const message = redirectToastMessage("The Complete Python Bootcamp From Zero to Hero", "en");
    expect(message).toBe("Redirecting to The Complete Python Bootcamp...");
    expect(message).not.toContain("…");
    expect(message).not.toMatch(/\.{4,}/);
  });

  it("does not leave a space before the dots", () => {
    expect(redirectToastMessage("Excel from the ground up to a pivot master", "en")).toBe(
      "Redirecting to Excel from the ground up to a...",
    );
  });
});

describe("outOfCreditsNextStep", () => {
  it("tells a visitor to sign in, as a way to the sign-in", () => {
    expect(outOfCreditsNextStep(visitor(0), "en")).toEqual({
      text: "Sign in for 10 credits a day",
      offerRedeem: false,
      offerSignIn: true,
    });
  });

  it("tells a signed-in user when the balance tops up and offers redeem", () => {
    expect(outOfCreditsNextStep(member(0), "en")).toEqual({
      text: "10 new credits at 00.00 WIB",
      offerRedeem: true,
      offerSignIn: false,
    });
  });
});

describe("timeUntilCreditReset", () => {
  it("counts to the next midnight in Jakarta (UTC+7)", () => {
    // 18:48 UTC is 01:48 WIB: 22 h 12 min to go.
    expect(timeUntilCreditReset(new Date("2026-11-24T18:48:00Z"), "en")).toBe("22 h 12 min");
    // 16:30 UTC is 23:30 WIB.
    expect(timeUntilCreditReset(new Date("2026-11-24T16:30:00Z"), "en")).toBe("30 min");
    expect(timeUntilCreditReset(new Date("2026-11-24T12:00:00Z"), "en")).toBe("5 h");
  });

  it("rounds seconds up and never says 0", () => {
    expect(timeUntilCreditReset(new Date("2026-11-24T16:59:59.500Z"), "en")).toBe("1 min");
    expect(timeUntilCreditReset(new Date("2026-11-24T17:00:00Z"), "en")).toBe("24 h");
  });
});

describe("first-open notice", () => {
  it("shows once, to a visitor with credits, before an open that spends", () => {
    expect(needsFirstOpenNotice(visitor(3), 1, false)).toBe(true);
    expect(needsFirstOpenNotice(visitor(3), 1, true)).toBe(false);
    expect(needsFirstOpenNotice(visitor(0), 1, false)).toBe(false);
    expect(needsFirstOpenNotice(visitor(0, [1]), 1, false)).toBe(false);
    expect(needsFirstOpenNotice(member(10), 1, false)).toBe(false);
  });

  it("says what it costs and what remains", () => {
    expect(firstOpenNoticeText(3, "en")).toBe(
      "Opening a course uses 1 credit. You have 3 of 3 left today; after this one, 2 remain.",
    );
    expect(firstOpenNoticeText(2, "en")).toContain("after this one, 1 remains.");
  });
});

describe("in Indonesian", () => {
  it("words the same texts", () => {
    expect(redirectToastMessage("Learn SQL", "id")).toBe("Mengalihkan ke Learn SQL...");
    expect(outOfCreditsNextStep(visitor(0), "id").text).toBe(
      "Masuk untuk dapat 10 kredit per hari",
    );
    expect(outOfCreditsNextStep(member(0), "id").text).toBe("10 kredit baru pukul 00.00 WIB");
    expect(timeUntilCreditReset(new Date("2026-11-24T18:48:00Z"), "id")).toBe("22 jam 12 menit");
    expect(firstOpenNoticeText(3, "id")).toBe(
      "Membuka kursus memakai 1 kredit. Kreditmu hari ini tinggal 3 dari 3; setelah ini, sisa 2.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { buildCourseMessage, escapeTelegramHtml } from "./telegram-message";

describe("Telegram course messages", () => {
  it("escapes what Telegram's HTML mode reads as markup", () => {
    expect(escapeTelegramHtml(`<b>Tom & "Jerry"</b>`)).toBe(
      "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;",
    );
  });

  it("links the title to the course page and says until when it is free", () => {
    const now = new Date("2026-11-23T10:00:00+07:00");
    const course = {
      slug: "c-and-cpp",
      title: "C <and> C++",
      expiresAt: new Date("2026-11-23T10:45:00+07:00"),
    };
    expect(buildCourseMessage("https://kursusku.id", "New free course", course, now, "en")).toBe(
      [
        "<b>New free course</b>",
        '<a href="https://kursusku.id/course/c-and-cpp">C &lt;and&gt; C++</a>',
        "Free until 10.45 WIB, 23 November 2026 · Expires in 45 minutes",
      ].join("\n"),
    );
  });

  it("speaks Indonesian and links the /id page for an Indonesian reader", () => {
    const now = new Date("2026-11-23T10:00:00+07:00");
    const course = {
      slug: "c-and-cpp",
      title: "C <and> C++",
      expiresAt: new Date("2026-11-23T15:00:00+07:00"),
    };
    expect(buildCourseMessage("https://kursusku.id", "Kursus gratis baru", course, now, "id")).toBe(
      [
        "<b>Kursus gratis baru</b>",
        '<a href="https://kursusku.id/id/course/c-and-cpp">C &lt;and&gt; C++</a>',
        "Gratis sampai 15.00 WIB, 23 November 2026 · Berakhir dalam 5 jam",
      ].join("\n"),
    );
  });

  it("says nothing of an end it does not know, or one already past", () => {
    const now = new Date("2026-11-23T10:00:00+07:00");
    const base = { slug: "x", title: "X" };
    for (const expiresAt of [null, new Date("2026-11-23T09:00:00+07:00")]) {
      expect(buildCourseMessage("https://k.id", "H", { ...base, expiresAt }, now, "en")).toBe(
        '<b>H</b>\n<a href="https://k.id/course/x">X</a>',
      );
    }
  });
});

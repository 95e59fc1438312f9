import { describe, expect, it } from "vitest";
import { AI_MESSAGES } from "../../core/ai-schemas";
import {
  ARTICLE_MESSAGES,
  cooldownMessage,
  validateArticleInput,
  validateImageFile,
} from "../../core/article-rules";
import { SUBMIT_LABELS } from "./article-form-state";
import { articleFieldMessages, articleMessage, FORM_UNREADABLE } from "./article-messages";

describe("articleMessage", () => {
  it("leaves every English text as it is", () => {
    for (const text of [...Object.values(ARTICLE_MESSAGES), ...Object.values(SUBMIT_LABELS)]) {
      expect(articleMessage(text, "en")).toBe(text);
    }
    expect(articleMessage(cooldownMessage(90_000), "en")).toBe(cooldownMessage(90_000));
  });

  it("translates the rules the form checks in the browser", () => {
    const errors = validateArticleInput({ title: "Short", content: "", author: " " });
    expect(articleFieldMessages(errors, "id")).toEqual({
      title: "Judul minimal 10 karakter.",
      content: "Isi artikel wajib diisi.",
      author: "Nama penulis wajib diisi.",
    });
    expect(
      articleMessage(validateImageFile({ size: 3 * 1024 * 1024, type: "image/png" })!, "id"),
    ).toBe("Ukuran gambar tidak boleh lebih dari 2MB.");
    expect(articleMessage(ARTICLE_MESSAGES.contentTooLong, "id")).toBe(
      "Isi artikel maksimal 100.000 karakter.",
    );
  });

  it("has an Indonesian text for every article rule, submit label and moderation message", () => {
    const used = [
      ...Object.values(ARTICLE_MESSAGES).filter(
        // The article page's own texts live in the site's catalogue.
        (text) => text !== ARTICLE_MESSAGES.notFound && text !== ARTICLE_MESSAGES.notFoundHint,
      ),
      ...Object.values(SUBMIT_LABELS),
      AI_MESSAGES.titleCheckFailed,
      AI_MESSAGES.contentCheckFailed,
      AI_MESSAGES.imageCheckFailed,
      AI_MESSAGES.checkFailedAdvisory,
      AI_MESSAGES.checkUnparseable,
      AI_MESSAGES.rateLimited,
      FORM_UNREADABLE,
    ];
    for (const text of used) expect(articleMessage(text, "id"), text).not.toBe(text);
  });

  it("reads the minutes of a cooldown and the field of an AI refusal", () => {
    expect(articleMessage(cooldownMessage(60_000), "id")).toBe(
      "Tunggu 1 menit lagi sebelum mengirim artikel berikutnya.",
    );
    expect(articleMessage(cooldownMessage(29 * 60_000 + 1), "id")).toBe(
      "Tunggu 30 menit lagi sebelum mengirim artikel berikutnya.",
    );
    expect(
      articleMessage(
        "Your content was not accepted by the AI content check: Mengandung spam.\nDua baris.",
        "id",
      ),
    ).toBe("Isi artikel kamu tidak lolos pemeriksaan konten AI: Mengandung spam.\nDua baris.");
  });

  it("shows an unknown text (an AI's reason, an answer already translated) unchanged", () => {
    expect(articleMessage("Judulnya mengandung kata kasar.", "id")).toBe(
      "Judulnya mengandung kata kasar.",
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  accountStatusLabel,
  averageRatingText,
  channelLabel,
  deliveryLabel,
  describeSearch,
} from "./account-labels";

const search = (
  fields: Partial<{ search: string; type: string; language: string; rating: number }>,
) =>
  ({
    id: 1,
    search: "",
    type: "",
    language: "",
    rating: 0,
    feedUrl: "https://example.test/alerts/feed/x",
    channels: ["email"],
    ...fields,
  }) as Parameters<typeof describeSearch>[0];

describe("dashboard labels", () => {
  it("word a favourite's reviews in the singular for one review, as SPEC writes them", () => {
    expect(averageRatingText(5, 1, "en")).toBe("Avg Rating: 5.0/5 (1 review)");
    expect(averageRatingText(4.25, 3, "en")).toBe("Avg Rating: 4.3/5 (3 reviews)");
    expect(averageRatingText(4.5, 1, "id")).toBe("Rating rata-rata: 4.5/5 (1 ulasan)");
    expect(averageRatingText(4.5, 2, "id")).toBe("Rating rata-rata: 4.5/5 (2 ulasan)");
  });

  it("name account statuses in both languages", () => {
    expect(accountStatusLabel("premium", "en")).toBe("Premium User");
    expect(accountStatusLabel("app-premium", "en")).toBe("App Premium (Temporary)");
    expect(accountStatusLabel("standard", "id")).toBe("Pengguna Standar");
  });

  it("describe a saved search from its filters, or any course without them", () => {
    expect(describeSearch(search({}), "en")).toBe("Any course");
    expect(describeSearch(search({}), "id")).toBe("Semua kursus");
    expect(
      describeSearch(
        search({ search: "python", type: "Development", language: "English", rating: 4 }),
        "id",
      ),
    ).toBe("“python” · Development · English · 4+ bintang");
    expect(describeSearch(search({ rating: 3 }), "en")).toBe("Any course · 3+ stars");
  });

  it("say a sent alert's channel and state, keeping a code it does not know", () => {
    expect(deliveryLabel("email", "sent", "en")).toBe("email · sent");
    expect(deliveryLabel("push", "pending", "id")).toBe("Push · menunggu");
    expect(deliveryLabel("telegram", "failed", "id")).toBe("Telegram · gagal");
    expect(deliveryLabel("fax", "lost", "id")).toBe("fax · lost");
    expect(channelLabel("email", "id")).toBe("Email");
  });
});

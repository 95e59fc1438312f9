import { describe, expect, it } from "vitest";
import { formatListPrice } from "./course-price";

describe("formatListPrice", () => {
  it("writes the currency code and the amount in the page's language", () => {
    expect(formatListPrice({ amount: 19.99, currency: "USD" }, "en")).toBe("USD 19.99");
    expect(formatListPrice({ amount: 19.99, currency: "USD" }, "id")).toBe("USD 19,99");
    expect(formatListPrice({ amount: 249000, currency: "IDR" }, "id")).toBe("IDR 249.000");
  });
});

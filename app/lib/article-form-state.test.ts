import { describe, expect, it } from "vitest";
import { submitBlock, submitButtonLabel, type ArticleFormState } from "./article-form-state";

describe("submit button and blocked submits", () => {
  const ready: ArticleFormState = {
    submitting: false,
    eligibilityLoading: false,
    coolingDown: false,
    hasErrors: false,
    moderation: { title: "passed", content: "passed", image: "idle" },
  };
  const withModeration = (changes: Partial<ArticleFormState["moderation"]>) => ({
    ...ready,
    moderation: { ...ready.moderation, ...changes },
  });

  it("labels the button in SPEC's order of precedence", () => {
    expect(submitButtonLabel(ready)).toBe("Submit Article");
    expect(submitButtonLabel({ ...ready, hasErrors: true })).toBe("Fix Form Errors");
    expect(submitButtonLabel({ ...ready, hasErrors: true, coolingDown: true })).toBe(
      "Submission Cooldown",
    );
    expect(submitButtonLabel({ ...withModeration({ image: "advisory" }), coolingDown: true })).toBe(
      "Address Warnings",
    );
    expect(
      submitButtonLabel({ ...withModeration({ title: "advisory", content: "pending" }) }),
    ).toBe("Processing Input...");
    expect(submitButtonLabel(withModeration({ image: "checking" }))).toBe("Processing Input...");
    expect(
      submitButtonLabel({ ...withModeration({ image: "checking" }), eligibilityLoading: true }),
    ).toBe("Checking Eligibility...");
    expect(
      submitButtonLabel({
        ...withModeration({ image: "checking" }),
        eligibilityLoading: true,
        submitting: true,
      }),
    ).toBe("Submitting Article...");
  });

  it("explains a blocked submit with SPEC's toasts", () => {
    expect(submitBlock(ready, null)).toBeNull();
    expect(submitBlock({ ...ready, eligibilityLoading: true }, null)).toEqual({
      message: "Checking submission eligibility...",
      type: "info",
    });
    expect(submitBlock({ ...ready, coolingDown: true }, 125_000)?.message).toBe(
      "Please wait 3 minutes before submitting another article.",
    );
    expect(submitBlock({ ...ready, coolingDown: true }, null)?.message).toBe(
      "Please wait before submitting another article.",
    );
    expect(submitBlock({ ...ready, hasErrors: true }, null)?.message).toBe(
      "Please correct the form errors shown.",
    );
    expect(submitBlock(withModeration({ title: "advisory" }), null)?.message).toBe(
      "Please address the title warning before submitting.",
    );
    expect(submitBlock(withModeration({ content: "advisory" }), null)?.message).toBe(
      "Please address the text content warning before submitting.",
    );
    expect(submitBlock(withModeration({ image: "advisory" }), null)?.message).toBe(
      "Please address the image content warning before submitting.",
    );
    expect(submitBlock(withModeration({ title: "pending" }), null)).toEqual({
      message: "Title is still being processed. Please wait.",
      type: "info",
    });
    expect(submitBlock(withModeration({ content: "checking" }), null)?.message).toBe(
      "Content is still being processed. Please wait.",
    );
    expect(submitBlock(withModeration({ image: "checking" }), null)?.message).toBe(
      "Image is still being processed. Please wait.",
    );
  });
});

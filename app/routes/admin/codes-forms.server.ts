// The codes section's forms, run by its action and by /admin's. Server only (`.server`): what they
// import must never reach the browser bundle.
import { z } from "../../../core/zod";
import { adminCreateCodes, adminSetCodeDisabled } from "../../../server/domain/admin/admin";
import { parseField, wholeNumber, type FormHandler } from "./console.server";

/**
 * The mint form's fields, with the messages the codes CLI gives. They are read in this order
 * and the first wrong one is refused: credits only for a credits code, days only for premium.
 */
const codeType = z
  .string()
  .default("")
  .transform((type): "premium" | "credits" => (type === "premium" ? "premium" : "credits"));
const maxUses = wholeNumber("--uses must be a positive whole number.", 1);
const credits = wholeNumber("A credits code needs --credits, a positive whole number.", 1);
/** Empty means permanent premium. */
const premiumDays = z
  .string()
  .default("")
  .transform((days) => (days === "" ? null : Number(days)))
  .pipe(
    z
      .number({ error: "--days must be a positive whole number." })
      .int({ error: "--days must be a positive whole number." })
      .min(1, { error: "--days must be a positive whole number." })
      .nullable(),
  );
/** Empty means one code. */
const howMany = z
  .string()
  .default("")
  .transform((count) => count || "1")
  .transform(Number)
  .pipe(
    z
      .number({ error: "--count must be between 1 and 1000." })
      .int({ error: "--count must be between 1 and 1000." })
      .min(1, { error: "--count must be between 1 and 1000." })
      .max(1000, { error: "--count must be between 1 and 1000." }),
  );
/** The last day a code works, through 23:59:59 Jakarta time; empty means it never expires. */
const expires = z
  .string()
  .default("")
  .refine((day) => day === "" || z.iso.date().safeParse(day).success, {
    error: "Expires must be a date (YYYY-MM-DD).",
  })
  .transform((day) => (day === "" ? null : new Date(`${day}T23:59:59+07:00`)));

/** A code to disable or enable, by its text. */
const codeForm = z.object({ code: z.string().default("") });

function setDisabled(disabled: boolean): FormHandler {
  return async ({ services }, operator, fields) => {
    const { code } = parseField(codeForm, fields);
    await adminSetCodeDisabled(services, operator, code, disabled);
    return { ok: true, message: `Code ${code} ${disabled ? "disabled" : "enabled"}.` };
  };
}

export const codeForms: Record<string, FormHandler> = {
  "create-codes": async ({ services }, operator, fields) => {
    const type = parseField(codeType, fields.type);
    const request = {
      type,
      maxUses: parseField(maxUses, fields.uses),
      credits: type === "credits" ? parseField(credits, fields.credits) : undefined,
      premiumDays: type === "premium" ? parseField(premiumDays, fields.days) : null,
      count: parseField(howMany, fields.count),
      expiresAt: parseField(expires, fields.expires),
    };
    const codes = await adminCreateCodes(services, operator, request);
    return {
      ok: true,
      message: `Created ${codes.length} code${codes.length === 1 ? "" : "s"}: ${codes.join(", ")}`,
    };
  },
  "disable-code": setDisabled(true),
  "enable-code": setDisabled(false),
};

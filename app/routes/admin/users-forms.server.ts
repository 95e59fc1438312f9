// The users section's forms, run by its action and by /admin's. Server only (`.server`): what they
// import must never reach the browser bundle.
import { z } from "../../../core/zod";
import { adminAddCredits, adminSetPremium } from "../../../server/domain/admin/admin";
import { parseField, wholeNumber, type FormHandler } from "./console.server";

/** Premium is granted or revoked for one account, by its id. */
const userForm = z.object({ userId: z.string().default("") });
/** Credits are added to one account, a whole number from 1 to 10000 at a time. */
const addCreditsForm = userForm.extend({
  credits: wholeNumber("Credits must be a whole number from 1 to 10000.", 1, 10_000),
});

function setPremium(premium: boolean): FormHandler {
  return async ({ services }, operator, fields) => {
    const { userId } = parseField(userForm, fields);
    await adminSetPremium(services, operator, userId, premium);
    return { ok: true, message: `Premium ${premium ? "granted" : "revoked"}.` };
  };
}

export const userForms: Record<string, FormHandler> = {
  "grant-premium": setPremium(true),
  "revoke-premium": setPremium(false),
  "add-credits": async ({ services }, operator, fields) => {
    const { userId, credits } = parseField(addCreditsForm, fields);
    const balance = await adminAddCredits(services, operator, userId, credits);
    return { ok: true, message: `Credits added. New balance: ${balance}.` };
  },
};

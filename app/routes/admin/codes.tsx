import { Form } from "react-router";
import {
  AdminTable,
  buttonClass,
  cardClass,
  fieldClass,
  Notice,
} from "../../components/admin/admin-ui";
import { ConfirmButton } from "../../components/admin/confirm-button";
import { formatJakartaInstant } from "../../../core/dates";
import { z } from "../../../core/zod";
import {
  adminCreateCodes,
  adminListCodes,
  adminSetCodeDisabled,
} from "../../../server/domain/admin";
import { operatorOr404, parseField, sectionAction, wholeNumber, type FormHandler } from "./console";
import type { Route } from "./+types/codes";

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

export async function loader({ context }: Route.LoaderArgs) {
  operatorOr404(context);
  return { codes: await adminListCodes(context.services) };
}

export const action = (args: Route.ActionArgs) => sectionAction(codeForms, args);

function numberField(name: string, label: string, width: string, props: object = {}) {
  return (
    <label className="flex flex-col text-sm">
      {label}
      <input name={name} type="number" min={1} className={`${fieldClass} ${width}`} {...props} />
    </label>
  );
}

export default function AdminCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes } = loaderData;
  return (
    <>
      <Notice notice={actionData} />
      <div className="mt-6 grid gap-6">
        <Form
          method="post"
          className={`${cardClass} flex flex-wrap items-end gap-3`}
          aria-label="Create redeem codes"
        >
          <input type="hidden" name="intent" value="create-codes" />
          <label className="flex flex-col text-sm">
            Type
            <select name="type" className={fieldClass} defaultValue="credits">
              <option value="credits">Credits</option>
              <option value="premium">Premium</option>
            </select>
          </label>
          {numberField("credits", "Credits", "w-24", { defaultValue: 20 })}
          {numberField("days", "Premium days (empty = permanent)", "w-24")}
          {numberField("uses", "Uses", "w-24", { defaultValue: 100, required: true })}
          <label className="flex flex-col text-sm">
            Expires (last day)
            <input name="expires" type="date" className={fieldClass} />
          </label>
          {numberField("count", "How many", "w-20", { max: 1000, defaultValue: 1 })}
          <button type="submit" className={buttonClass}>
            Create codes
          </button>
        </Form>
        <AdminTable
          headers={["Code", "Gives", "Uses left", "Expires", "State"]}
          empty={codes.length === 0 ? "No codes yet." : null}
        >
          {codes.map((code) => (
            <tr key={code.code} className="border-t border-slate-200 dark:border-slate-800">
              <td className="p-2 font-mono">{code.code}</td>
              <td className="p-2">
                {code.type === "credits"
                  ? `${code.credits} credits`
                  : code.premiumDays === null
                    ? "Premium (permanent)"
                    : `Premium ${code.premiumDays} days`}
              </td>
              <td className="p-2">
                {code.usesLeft}/{code.maxUses}
              </td>
              <td className="p-2">
                {code.expiresAt ? formatJakartaInstant(new Date(code.expiresAt)) : "Never"}
              </td>
              <td className="p-2">
                {code.disabled ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="enable-code" />
                    <input type="hidden" name="code" value={code.code} />
                    <button type="submit" className="text-sm underline">
                      Disabled — enable
                    </button>
                  </Form>
                ) : (
                  <ConfirmButton
                    label="Disable"
                    title="Disable this code?"
                    intent="disable-code"
                    fields={{ code: code.code }}
                  >
                    Nobody will be able to redeem {code.code} any more.
                  </ConfirmButton>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </>
  );
}

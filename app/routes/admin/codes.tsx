import { Form } from "react-router";
import {
  AdminActionForm,
  AdminTable,
  buttonClass,
  cardClass,
  fieldClass,
  Notice,
} from "../../components/admin/admin-ui";
import { ConfirmButton } from "../../components/admin/confirm-button";
import { formatJakartaInstant } from "../../../core/dates";
import { adminListCodes } from "../../../server/domain/admin/admin";
import { operatorOr404, sectionAction } from "./console.server";
import type { Route } from "./+types/codes";
import { codeForms } from "./codes-forms.server";

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

type CodeRow = Awaited<ReturnType<typeof adminListCodes>>[number];

function codeGives(code: CodeRow): string {
  if (code.type === "credits") return `${code.credits} credits`;
  return code.premiumDays === null ? "Premium (permanent)" : `Premium ${code.premiumDays} days`;
}

function codeExpiry(code: CodeRow): string {
  return code.expiresAt ? formatJakartaInstant(new Date(code.expiresAt)) : "Never";
}

/** A code's state: disabled (enable it again), or the Disable button behind its dialog. */
function CodeState({ code }: { code: CodeRow }) {
  return code.disabled ? (
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
  );
}

export default function AdminCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes } = loaderData;
  return (
    <>
      <Notice notice={actionData} />
      <div className="mt-6 grid gap-6">
        <AdminActionForm intent="create-codes" label="Create redeem codes">
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
        </AdminActionForm>
        {/* Five columns need about 480 px: a phone gets one card per code instead, with every
            fact and the Disable/enable control in view, rather than a table cut at its edge. */}
        {codes.length === 0 && <p className="text-sm sm:hidden">No codes yet.</p>}
        <ul aria-label="Redeem codes" className="grid gap-3 sm:hidden">
          {codes.map((code) => (
            <li key={code.code} className={`${cardClass} text-sm`}>
              <p className="font-mono font-semibold break-all">{code.code}</p>
              <p className="mt-1">
                {codeGives(code)} · {code.usesLeft}/{code.maxUses} uses left · Expires{" "}
                {codeExpiry(code)}
              </p>
              <div className="mt-2">
                <CodeState code={code} />
              </div>
            </li>
          ))}
        </ul>
        <AdminTable
          className="max-sm:hidden"
          headers={["Code", "Gives", "Uses left", "Expires", "State"]}
          empty={codes.length === 0 ? "No codes yet." : null}
        >
          {codes.map((code) => (
            <tr key={code.code} className="border-t border-slate-200 dark:border-slate-800">
              <td className="p-2 font-mono">{code.code}</td>
              <td className="p-2">{codeGives(code)}</td>
              <td className="p-2">
                {code.usesLeft}/{code.maxUses}
              </td>
              <td className="p-2">{codeExpiry(code)}</td>
              <td className="p-2">
                <CodeState code={code} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </>
  );
}

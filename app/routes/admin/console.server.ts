import { data, type AppLoadContext } from "react-router";
import type { AdminNotice } from "../../components/admin/admin-ui";
import { z } from "../../../core/zod";
import { requireAdmin } from "../../../server/domain/admin/admin";
import { DomainError, NotFound, ValidationError } from "../../../server/domain/common/errors";

export type Operator = ReturnType<typeof requireAdmin>;

/**
 * Only operators see the console; everyone else gets the plain 404 page, so its existence is not
 * advertised. Loaders run side by side and a client may ask for one route's data alone, so every
 * section's loader and action checks too, not only the layout.
 */
export function operatorOr404(context: AppLoadContext): Operator {
  try {
    return requireAdmin(context.services, context.identity.user);
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
}

/** A form's fields as trimmed text; a body that is not a form reads as no fields at all. */
export async function readFields(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return {};
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (!(name in fields)) fields[name] = typeof value === "string" ? value.trim() : "";
  }
  return fields;
}

/** Reads one value with a schema; the first problem is refused with its message (a 400). */
export function parseField<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(result.error.issues[0]!.message);
  return result.data;
}

/** Text read as a number the way the form always read it ("" is 0), kept if whole and in range. */
export function wholeNumber(message: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .default("")
    .transform(Number)
    .pipe(
      z
        .number({ error: message })
        .int({ error: message })
        .min(min, { error: message })
        .max(max, { error: message }),
    );
}

/** One form of a section, by its `intent`: it does the work and says what happened. */
export type FormHandler = (
  context: AppLoadContext,
  operator: Operator,
  fields: Record<string, string>,
) => Promise<AdminNotice>;

/**
 * Runs the form its `intent` names. An unknown intent, invalid input or a refused change answers
 * with its message and status (400 for invalid input) and changes nothing.
 */
export async function runForm(
  handlers: Record<string, FormHandler>,
  context: AppLoadContext,
  operator: Operator,
  fields: Record<string, string>,
) {
  const handler = Object.hasOwn(handlers, fields.intent ?? "")
    ? handlers[fields.intent!]
    : undefined;
  if (!handler) return data({ ok: false, message: "Unknown action." }, { status: 400 });
  try {
    return await handler(context, operator, fields);
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

/** A section's action: the operator check, then the form its `intent` names. */
export async function sectionAction(
  handlers: Record<string, FormHandler>,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  const operator = operatorOr404(context);
  return runForm(handlers, context, operator, await readFields(request));
}

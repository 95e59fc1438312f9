// The ingest section's forms, run by its action and by /admin's. Server only (`.server`): what they
// import must never reach the browser bundle.
import { z } from "../../../core/zod";
import { adminRunIngest } from "../../../server/domain/admin/admin";
import { parseField, type FormHandler } from "./console.server";

/** "Run now": one source by name, or every source when none is chosen. */
const runIngestForm = z.object({
  source: z
    .string()
    .default("")
    .transform((source) => source || null),
});

export const ingestForms: Record<string, FormHandler> = {
  "run-ingest": async ({ services }, operator, fields) => {
    const { source } = parseField(runIngestForm, fields);
    const summary = await adminRunIngest(services, operator, source);
    return {
      ok: true,
      message: `Ingest run ${summary.runId} (${summary.source}): found ${summary.found}, added ${summary.added}, updated ${summary.updated}, expired ${summary.expired}.`,
    };
  },
};

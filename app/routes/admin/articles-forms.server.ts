// The articles section's forms, run by its action and by /admin's. Server only (`.server`): what they
// import must never reach the browser bundle.
import { z } from "../../../core/zod";
import { adminSetArticleStatus } from "../../../server/domain/admin/admin";
import { parseField, type FormHandler } from "./console.server";

/**
 * Hiding or publishing again names the article by id. An id that is not one (not a number, out of
 * range) is "No such article." (404), like an id nobody has, so the domain judges it.
 */
const articleForm = z.object({ articleId: z.string().default("") });

function setStatus(status: "hidden" | "published"): FormHandler {
  return async ({ services }, operator, fields) => {
    const { articleId } = parseField(articleForm, fields);
    await adminSetArticleStatus(services, operator, Number(articleId), status);
    return {
      ok: true,
      message: `Article ${articleId} ${status === "hidden" ? "hidden" : "published again"}.`,
    };
  };
}

export const articleForms: Record<string, FormHandler> = {
  "hide-article": setStatus("hidden"),
  "unhide-article": setStatus("published"),
};

import { Form } from "react-router";
import { AdminTable, Notice } from "../../components/admin/admin-ui";
import { ConfirmButton } from "../../components/admin/confirm-button";
import { ModerationVerdicts } from "../../components/admin/moderation-verdicts";
import { formatJakartaInstant } from "../../../core/dates";
import { adminListArticles } from "../../../server/domain/admin/admin";
import { operatorOr404, sectionAction } from "./console.server";
import type { Route } from "./+types/articles";
import { articleForms } from "./articles-forms.server";

export async function loader({ context }: Route.LoaderArgs) {
  operatorOr404(context);
  return { articles: await adminListArticles(context.services) };
}

export const action = (args: Route.ActionArgs) => sectionAction(articleForms, args);

export default function AdminArticles({ loaderData, actionData }: Route.ComponentProps) {
  const { articles } = loaderData;
  return (
    <>
      <Notice notice={actionData} />
      <div className="mt-6">
        <AdminTable
          headers={["Article", "Author", "Published", "Moderation", "State"]}
          empty={articles.length === 0 ? "No articles yet." : null}
        >
          {articles.map((article) => (
            <tr
              key={article.id}
              className="border-t border-slate-200 align-top dark:border-slate-800"
            >
              <td className="p-2">
                <a href={`/article?id=${article.id}`} className="underline">
                  {article.title}
                </a>
              </td>
              <td className="p-2">{article.author}</td>
              <td className="p-2">{formatJakartaInstant(new Date(article.createdAt))}</td>
              <td className="p-2">
                <ModerationVerdicts stored={article.moderation} />
              </td>
              <td className="p-2">
                {article.status === "hidden" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="unhide-article" />
                    <input type="hidden" name="articleId" value={article.id} />
                    <button type="submit" className="text-sm underline">
                      Hidden — publish again
                    </button>
                  </Form>
                ) : (
                  <ConfirmButton
                    label="Hide"
                    title="Hide this article?"
                    intent="hide-article"
                    fields={{ articleId: String(article.id) }}
                  >
                    It leaves the list, the sitemap and the feed, and its page answers 404.
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

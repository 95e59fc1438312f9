import { Link, Outlet, redirect, useLocation } from "react-router";
import { Notice } from "../../components/admin/admin-ui";
import { articleForms } from "./articles-forms.server";
import { codeForms } from "./codes-forms.server";
import { SECTION_LABELS, SECTIONS, sectionPath, type Section } from "./console";
import { operatorOr404, readFields, runForm } from "./console.server";
import { ingestForms } from "./ingest-forms.server";
import { userForms } from "./users-forms.server";
import type { Route } from "./+types/layout";

/**
 * /admin and its sections. The older address /admin?section=X (other query fields kept) moves
 * permanently to the section's own path; an unknown section is the overview, as it always was.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  operatorOr404(context);
  const url = new URL(request.url);
  if (url.searchParams.has("section") && url.pathname.replace(/\/$/, "") === "/admin") {
    const requested = url.searchParams.get("section") as Section;
    const section: Section = SECTIONS.includes(requested) ? requested : "overview";
    url.searchParams.delete("section");
    throw redirect(`${sectionPath(section)}${url.search}`, 301);
  }
  return null;
}

/** Forms posted to /admin itself (as the console's pages used to) still reach their section. */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = operatorOr404(context);
  const handlers = { ...ingestForms, ...codeForms, ...articleForms, ...userForms };
  return runForm(handlers, context, operator, await readFields(request));
}

export const meta: Route.MetaFunction = () => [
  { title: "Operator console | Kursusku" },
  { name: "robots", content: "noindex" },
];

export default function AdminLayout({ actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const current = pathname.replace(/\/$/, "");
  return (
    <section aria-labelledby="admin-heading" className="mx-auto max-w-6xl px-4 py-10">
      <h1 id="admin-heading" className="text-3xl font-bold">
        Operator console
      </h1>
      <nav aria-label="Console sections" className="mt-6 flex flex-wrap gap-2">
        {SECTIONS.map((name) => {
          const active = sectionPath(name) === current;
          return (
            <Link
              key={name}
              to={sectionPath(name)}
              aria-current={active ? "page" : undefined}
              className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${active ? "bg-brand-600 text-white" : "border border-slate-300 dark:border-slate-700"}`}
            >
              {SECTION_LABELS[name]}
            </Link>
          );
        })}
      </nav>
      <Notice notice={actionData} />
      <Outlet />
    </section>
  );
}

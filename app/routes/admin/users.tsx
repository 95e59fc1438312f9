import { Form } from "react-router";
import { buttonClass, cardClass, fieldClass, Notice } from "../../components/admin/admin-ui";
import { ConfirmButton } from "../../components/admin/confirm-button";
import { adminFindUsers } from "../../../server/domain/admin/admin";
import { operatorOr404, sectionAction } from "./console.server";
import type { Route } from "./+types/users";
import { userForms } from "./users-forms.server";

/** /admin/users?email=…: the accounts whose e-mail contains the text (none for no text). */
export async function loader({ request, context }: Route.LoaderArgs) {
  operatorOr404(context);
  const email = new URL(request.url).searchParams.get("email") ?? "";
  return { email, users: await adminFindUsers(context.services, email) };
}

export const action = (args: Route.ActionArgs) => sectionAction(userForms, args);

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, email } = loaderData;
  return (
    <>
      <Notice notice={actionData} />
      <div className="mt-6 grid gap-4">
        <Form method="get" className="flex gap-2" role="search" aria-label="Find users">
          <label htmlFor="admin-user-email" className="sr-only">
            E-mail
          </label>
          <input
            id="admin-user-email"
            name="email"
            defaultValue={email}
            placeholder="E-mail contains…"
            className={`${fieldClass} w-72`}
          />
          <button type="submit" className={buttonClass}>
            Find
          </button>
        </Form>
        {email !== "" && users.length === 0 && (
          <p className="text-sm">No user matches “{email}”.</p>
        )}
        {users.map((user) => (
          <article key={user.id} className={cardClass}>
            <h2 className="font-semibold">{user.email}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {user.isPremium
                ? "Premium"
                : user.premiumUntil
                  ? `Premium until ${user.premiumUntil}`
                  : "Standard"}{" "}
              · {user.creditBalance} credits · {user.clickCount} opens · {user.visits} history
              entries · {user.favourites} favourites{user.isAppUser ? " · app user" : ""}
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              {user.isPremium ? (
                <ConfirmButton
                  label="Revoke premium"
                  title="Revoke premium?"
                  intent="revoke-premium"
                  fields={{ userId: user.id }}
                >
                  {user.email} loses premium access now.
                </ConfirmButton>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="grant-premium" />
                  <input type="hidden" name="userId" value={user.id} />
                  <button type="submit" className={buttonClass}>
                    Grant premium
                  </button>
                </Form>
              )}
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="add-credits" />
                <input type="hidden" name="userId" value={user.id} />
                <label className="text-sm">
                  <span className="sr-only">Credits to add for {user.email}</span>
                  <input
                    name="credits"
                    type="number"
                    min={1}
                    max={10000}
                    defaultValue={10}
                    className={`${fieldClass} w-24`}
                  />
                </label>
                <button type="submit" className={buttonClass}>
                  Add credits
                </button>
              </Form>
            </div>
          </article>
        ))}
      </div>
    </>
  );
}

import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import {
  adminAddCredits,
  adminCreateCodes,
  adminFindUsers,
  adminListArticles,
  adminListCodes,
  adminRunIngest,
  adminSetArticleStatus,
  adminSetCodeDisabled,
  adminSetPremium,
  getAdminOverview,
  listAuditLog,
  listIngestRuns,
  listIngestSources,
  requireAdmin,
} from "../../server/domain/admin";
import { DomainError, NotFound } from "../../server/domain/errors";
import { Modal } from "../components/ui/modal";
import { formatJakartaInstant } from "../../core/dates";
import type { Route } from "./+types/admin";

const SECTIONS = ["overview", "ingest", "codes", "articles", "users", "audit"] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_LABELS: Record<Section, string> = {
  overview: "Overview",
  ingest: "Ingestion",
  codes: "Redeem codes",
  articles: "Articles",
  users: "Users",
  audit: "Audit log",
};

function adminOr404(context: Route.LoaderArgs["context"]) {
  try {
    return requireAdmin(context.services, context.identity.user);
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  adminOr404(context);
  const { services } = context;
  const url = new URL(request.url);
  const requested = url.searchParams.get("section");
  const section: Section = SECTIONS.includes(requested as Section)
    ? (requested as Section)
    : "overview";
  const email = url.searchParams.get("email") ?? "";
  return {
    section,
    email,
    overview: section === "overview" ? await getAdminOverview(services) : null,
    runs: section === "ingest" || section === "overview" ? await listIngestRuns(services) : [],
    sources: section === "ingest" ? listIngestSources(services) : [],
    codes: section === "codes" ? await adminListCodes(services) : [],
    articles: section === "articles" ? await adminListArticles(services) : [],
    users: section === "users" ? await adminFindUsers(services, email) : [],
    auditLog: section === "audit" ? await listAuditLog(services) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminOr404(context);
  const { services } = context;
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  try {
    switch (text("intent")) {
      case "create-codes": {
        const type = text("type") === "premium" ? "premium" : "credits";
        const expires = text("expires");
        const codes = await adminCreateCodes(services, actor, {
          type,
          credits: type === "credits" ? Number(text("credits")) : undefined,
          premiumDays: type === "premium" && text("days") !== "" ? Number(text("days")) : null,
          maxUses: Number(text("uses")),
          count: Number(text("count") || "1"),
          expiresAt: expires ? new Date(`${expires}T23:59:59+07:00`) : null,
        });
        return {
          ok: true,
          message: `Created ${codes.length} code${codes.length === 1 ? "" : "s"}: ${codes.join(", ")}`,
        };
      }
      case "run-ingest": {
        const summary = await adminRunIngest(services, actor, text("source") || null);
        return {
          ok: true,
          message: `Ingest run ${summary.runId} (${summary.source}): found ${summary.found}, added ${summary.added}, updated ${summary.updated}, expired ${summary.expired}.`,
        };
      }
      case "disable-code":
      case "enable-code":
        await adminSetCodeDisabled(
          services,
          actor,
          text("code"),
          text("intent") === "disable-code",
        );
        return {
          ok: true,
          message: `Code ${text("code")} ${text("intent") === "disable-code" ? "disabled" : "enabled"}.`,
        };
      case "hide-article":
      case "unhide-article":
        await adminSetArticleStatus(
          services,
          actor,
          Number(text("articleId")),
          text("intent") === "hide-article" ? "hidden" : "published",
        );
        return {
          ok: true,
          message: `Article ${text("articleId")} ${text("intent") === "hide-article" ? "hidden" : "published again"}.`,
        };
      case "grant-premium":
      case "revoke-premium":
        await adminSetPremium(services, actor, text("userId"), text("intent") === "grant-premium");
        return {
          ok: true,
          message: `Premium ${text("intent") === "grant-premium" ? "granted" : "revoked"}.`,
        };
      case "add-credits": {
        const balance = await adminAddCredits(
          services,
          actor,
          text("userId"),
          Number(text("credits")),
        );
        return { ok: true, message: `Credits added. New balance: ${balance}.` };
      }
      default:
        return data({ ok: false, message: "Unknown action." }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Operator console | Kursusku" },
  { name: "robots", content: "noindex" },
];

const cardClass =
  "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";
const buttonClass =
  "rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const fieldClass =
  "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { section } = loaderData;
  return (
    <section aria-labelledby="admin-heading" className="mx-auto max-w-6xl px-4 py-10">
      <h1 id="admin-heading" className="text-3xl font-bold">
        Operator console
      </h1>
      <nav aria-label="Console sections" className="mt-6 flex flex-wrap gap-2">
        {SECTIONS.map((name) => (
          <Link
            key={name}
            to={`/admin?section=${name}`}
            aria-current={name === section ? "page" : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${name === section ? "bg-brand-600 text-white" : "border border-slate-300 dark:border-slate-700"}`}
          >
            {SECTION_LABELS[name]}
          </Link>
        ))}
      </nav>
      {actionData && (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-4 rounded-lg p-3 text-sm ${actionData.ok ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-100"}`}
        >
          {actionData.message}
        </p>
      )}
      <div className="mt-6">
        {section === "overview" && loaderData.overview && (
          <Overview overview={loaderData.overview} />
        )}
        {section === "ingest" && <IngestRuns runs={loaderData.runs} sources={loaderData.sources} />}
        {section === "codes" && <Codes codes={loaderData.codes} />}
        {section === "articles" && <Articles articles={loaderData.articles} />}
        {section === "users" && <Users users={loaderData.users} email={loaderData.email} />}
        {section === "audit" && <AuditLog entries={loaderData.auditLog} />}
      </div>
    </section>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function Overview({ overview }: { overview: NonNullable<LoaderData["overview"]> }) {
  const max = Math.max(1, ...overview.opensLast7Days.map((day) => day.opens));
  const stats: Array<[string, number]> = [
    ["Courses listed", overview.coursesListed],
    ["Expired", overview.coursesExpired],
    ["Added today", overview.coursesAddedToday],
    ["Opens today", overview.opensToday],
    ["Users", overview.users],
    ["Sign-ups today", overview.signupsToday],
    ["Articles published", overview.articlesPublished],
    ["Articles hidden", overview.articlesHidden],
  ];
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {stats.map(([label, value]) => (
          <div key={label} className={cardClass}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="text-2xl font-bold">{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      <figure className={cardClass}>
        <figcaption className="font-semibold">Course opens, last 7 days</figcaption>
        <ol className="mt-3 flex h-40 items-end gap-2" aria-label="Opens per day">
          {overview.opensLast7Days.map((day) => (
            <li key={day.day} className="flex flex-1 flex-col items-center gap-1 text-xs">
              <span>{day.opens}</span>
              <span
                className="w-full rounded-t bg-brand-500"
                style={{ height: `${(day.opens / max) * 100}px` }}
                aria-hidden="true"
              />
              <span>{day.day.slice(5)}</span>
            </li>
          ))}
        </ol>
      </figure>
      <div className={cardClass}>
        <h2 className="font-semibold">Last ingest run per source</h2>
        <RunTable runs={overview.lastRuns} />
      </div>
    </div>
  );
}

type Run = LoaderData["runs"][number];

function RunTable({ runs }: { runs: Run[] }) {
  if (runs.length === 0) return <p className="mt-2 text-sm">No ingest runs yet.</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th className="p-2">Source</th>
            <th className="p-2">Started</th>
            <th className="p-2">Found</th>
            <th className="p-2">Added</th>
            <th className="p-2">Updated</th>
            <th className="p-2">Expired</th>
            <th className="p-2">Errors</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className="border-t border-slate-200 align-top dark:border-slate-800">
              <td className="p-2">{run.source}</td>
              <td className="p-2">{run.startedAt.replace("T", " ").slice(0, 19)}</td>
              <td className="p-2">{run.found}</td>
              <td className="p-2">{run.added}</td>
              <td className="p-2">{run.updated}</td>
              <td className="p-2">{run.expired}</td>
              <td className="p-2">
                {run.errors.length === 0 ? (
                  "0"
                ) : (
                  <details>
                    <summary>{run.errors.length}</summary>
                    <ul className="mt-1 list-disc pl-4">
                      {run.errors.slice(0, 20).map((error, index) => (
                        <li key={index}>{error}</li>
                      ))}
                    </ul>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The console's card-framed table: header row, rows, and a line when there are none. */
function AdminTable({
  headers,
  empty,
  children,
}: {
  headers: string[];
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <div className={`${cardClass} overflow-x-auto`}>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} className="p-2">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty && <p className="p-2 text-sm">{empty}</p>}
    </div>
  );
}

function IngestRuns({ runs, sources }: { runs: Run[]; sources: string[] }) {
  const navigation = useNavigation();
  const running =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "run-ingest";
  return (
    <div className="grid gap-4">
      <Form
        method="post"
        className={`${cardClass} flex flex-wrap items-end gap-3`}
        aria-label="Run ingestion now"
      >
        <input type="hidden" name="intent" value="run-ingest" />
        <label className="flex flex-col text-sm">
          Source
          <select name="source" className={fieldClass} defaultValue="">
            <option value="">All sources</option>
            {sources.map((source) => (
              <option key={source} value={source}>
                {source}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={running || sources.length === 0} className={buttonClass}>
          {running ? "Running..." : "Run now"}
        </button>
        {sources.length === 0 && <p className="text-sm">No sources configured (INGEST_SOURCES).</p>}
      </Form>
      <div className={cardClass}>
        <h2 className="font-semibold">Ingest runs</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Runs of every source, newest first; open a run's errors to read them. The schedule is
          INGEST_CRON;
          <code> npm run ingest</code> runs it from the command line.
        </p>
        <RunTable runs={runs} />
      </div>
    </div>
  );
}

/** A destructive action asks first, in a focus-trapped dialog. */
function ConfirmButton({
  label,
  title,
  intent,
  fields,
  children,
}: {
  label: string;
  title: string;
  intent: string;
  fields: Record<string, string>;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-red-300 px-3 py-1 text-sm font-semibold text-red-700 dark:border-red-800 dark:text-red-300"
      >
        {label}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title}>
        <p>{children}</p>
        <Form method="post" className="mt-6 flex justify-end gap-2" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={navigation.state !== "idle"}
            className="rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white"
          >
            {label}
          </button>
        </Form>
      </Modal>
    </>
  );
}

function Codes({ codes }: { codes: LoaderData["codes"] }) {
  return (
    <div className="grid gap-6">
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
        <label className="flex flex-col text-sm">
          Credits
          <input
            name="credits"
            type="number"
            min={1}
            defaultValue={20}
            className={`${fieldClass} w-24`}
          />
        </label>
        <label className="flex flex-col text-sm">
          Premium days (empty = permanent)
          <input name="days" type="number" min={1} className={`${fieldClass} w-24`} />
        </label>
        <label className="flex flex-col text-sm">
          Uses
          <input
            name="uses"
            type="number"
            min={1}
            defaultValue={100}
            required
            className={`${fieldClass} w-24`}
          />
        </label>
        <label className="flex flex-col text-sm">
          Expires (last day)
          <input name="expires" type="date" className={fieldClass} />
        </label>
        <label className="flex flex-col text-sm">
          How many
          <input
            name="count"
            type="number"
            min={1}
            max={1000}
            defaultValue={1}
            className={`${fieldClass} w-20`}
          />
        </label>
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
  );
}

function Articles({ articles }: { articles: LoaderData["articles"] }) {
  return (
    <AdminTable
      headers={["Article", "Author", "Published", "Moderation", "State"]}
      empty={articles.length === 0 ? "No articles yet." : null}
    >
      {articles.map((article) => (
        <tr key={article.id} className="border-t border-slate-200 align-top dark:border-slate-800">
          <td className="p-2">
            <a href={`/article?id=${article.id}`} className="underline">
              {article.title}
            </a>
          </td>
          <td className="p-2">{article.author}</td>
          <td className="p-2">{formatJakartaInstant(new Date(article.createdAt))}</td>
          <td className="p-2">
            <pre className="max-w-xs overflow-auto text-xs whitespace-pre-wrap">
              {article.moderation ? JSON.stringify(article.moderation, null, 1) : "—"}
            </pre>
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
  );
}

function Users({ users, email }: { users: LoaderData["users"]; email: string }) {
  return (
    <div className="grid gap-4">
      <Form method="get" className="flex gap-2" role="search" aria-label="Find users">
        <input type="hidden" name="section" value="users" />
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
      {email !== "" && users.length === 0 && <p className="text-sm">No user matches “{email}”.</p>}
      {users.map((user) => (
        <article key={user.id} className={cardClass}>
          <h2 className="font-semibold">{user.email}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {user.isPremium
              ? "Premium"
              : user.premiumUntil
                ? `Premium until ${user.premiumUntil}`
                : "Standard"}{" "}
            · {user.creditBalance} credits · {user.clickCount} opens · {user.visits} history entries
            · {user.favourites} favourites{user.isAppUser ? " · app user" : ""}
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
  );
}

function AuditLog({ entries }: { entries: LoaderData["auditLog"] }) {
  return (
    <AdminTable
      headers={["When", "Who", "What", "Target"]}
      empty={entries.length === 0 ? "Nothing yet." : null}
    >
      {entries.map((entry) => (
        <tr key={entry.id} className="border-t border-slate-200 dark:border-slate-800">
          <td className="p-2">{entry.createdAt.replace("T", " ").slice(0, 19)}</td>
          <td className="p-2">{entry.actorEmail}</td>
          <td className="p-2">{entry.action}</td>
          <td className="p-2 font-mono text-xs">{entry.target}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

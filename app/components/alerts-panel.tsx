import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { formatJakartaInstant } from "../../core/dates";
import type { MyAlerts } from "../../core/my-alerts";
import { TRUNCATE, truncate } from "../../core/text";
import { AlertBrowsers } from "./alert-browsers";
import { AlertChannelChoice } from "./alert-channel-choice";
import { buttonClass, inputClass, primaryButtonClass, useAlertWrite } from "./alert-write";
import { TelegramLink } from "./telegram-link";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function ActionButton(props: { busy: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={buttonClass} disabled={props.busy} onClick={props.onClick}>
      {props.children}
    </button>
  );
}

/** The dashboard's Alerts tab: watched courses, saved searches, how alerts reach the user, and what was sent. */
export function AlertsPanel({
  alerts,
  pushControl,
}: {
  alerts: MyAlerts;
  pushControl?: ReactNode;
}) {
  return (
    <>
      <h2 className="text-xl font-semibold">Alerts</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Get told when a course you watch becomes free, or when a new free course matches a search
        you saved.
      </p>
      <WatchedCourses watches={alerts.watches} />
      <SavedSearches searches={alerts.searches} />
      <Channels email={alerts.email} browsers={alerts.browsers} pushControl={pushControl} />
      <TelegramLink telegram={alerts.telegram} />
      <SentHistory history={alerts.history} />
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function WatchedCourses({ watches }: { watches: MyAlerts["watches"] }) {
  const { send, busy } = useAlertWrite();
  const [url, setUrl] = useState("");
  const watch = async (event: FormEvent) => {
    event.preventDefault();
    if (await send("/alerts/watches", { url }, "Watching this course.")) setUrl("");
  };
  return (
    <Section id="watched-heading" title={`Watched courses (${watches.length})`}>
      <form onSubmit={(event) => void watch(event)} className="mt-3 flex flex-wrap gap-2">
        <label htmlFor="watch-url" className="sr-only">
          Udemy course address
        </label>
        <input
          id="watch-url"
          type="url"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://www.udemy.com/course/…"
          className={`${inputClass} min-w-0 flex-1`}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          Watch course
        </button>
      </form>
      {watches.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          You are not watching any course. Paste a Udemy course address, or choose “Notify me when
          free” on a course whose coupon has ended.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {watches.map((watch) => (
            <li
              key={watch.courseId}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span>
                <Link
                  to={watch.path}
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-100"
                  title={watch.title}
                >
                  {truncate(watch.title, TRUNCATE.historyTitle)}
                </Link>
                {watch.listed && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                    Free now
                  </span>
                )}
              </span>
              <ActionButton
                busy={busy}
                onClick={() =>
                  void send(
                    "/alerts/watches",
                    { intent: "unwatch", courseId: String(watch.courseId) },
                    "Stopped watching this course.",
                  )
                }
              >
                Stop watching
              </ActionButton>
              <AlertChannelChoice
                path="/alerts/watches"
                fields={{ courseId: String(watch.courseId) }}
                channels={watch.channels}
                label={watch.title}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function describeSearch(search: MyAlerts["searches"][number]): string {
  const parts = [search.search ? `“${search.search}”` : "Any course"];
  if (search.type) parts.push(search.type);
  if (search.language) parts.push(search.language);
  if (search.rating > 0) parts.push(`${search.rating}+ stars`);
  return parts.join(" · ");
}

function SavedSearches({ searches }: { searches: MyAlerts["searches"] }) {
  const { send, busy } = useAlertWrite();
  return (
    <Section id="searches-heading" title={`Saved searches (${searches.length})`}>
      {searches.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          No saved searches. Search or filter the{" "}
          <Link to="/#courses-section" className="text-brand-700 underline dark:text-brand-100">
            course list
          </Link>{" "}
          and choose “Alert me about new matches”.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {searches.map((search) => (
            <li key={search.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="font-medium">{describeSearch(search)}</span>
              <span className="flex flex-wrap gap-2">
                <a href={search.feedUrl} className={buttonClass}>
                  Private feed
                </a>
                <ActionButton
                  busy={busy}
                  onClick={() =>
                    void send(
                      "/alerts/searches",
                      { intent: "renew-feed", id: String(search.id) },
                      "The feed has a new address; the old one no longer works.",
                    )
                  }
                >
                  New feed address
                </ActionButton>
                <ActionButton
                  busy={busy}
                  onClick={() =>
                    void send(
                      "/alerts/searches",
                      { intent: "delete", id: String(search.id) },
                      "Saved search deleted.",
                    )
                  }
                >
                  Delete
                </ActionButton>
              </span>
              <AlertChannelChoice
                path="/alerts/searches"
                fields={{ id: String(search.id) }}
                channels={search.channels}
                label={describeSearch(search)}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Channels({
  email,
  browsers,
  pushControl,
}: {
  email: MyAlerts["email"];
  browsers: MyAlerts["browsers"];
  pushControl?: ReactNode;
}) {
  const { send, busy } = useAlertWrite();
  const [hour, setHour] = useState(email.hour);
  return (
    <Section id="channels-heading" title="How alerts reach you">
      <div className="mt-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <p className="font-medium">E-mail: one digest a day</p>
        {!email.available ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            E-mail alerts are not available on this site.
          </p>
        ) : (
          <>
            {email.note && (
              <p role="status" className="mt-1 text-sm text-amber-800 dark:text-amber-200">
                {email.note}
              </p>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <label htmlFor="digest-hour" className="text-sm">
                Send at (WIB)
              </label>
              <select
                id="digest-hour"
                value={hour}
                onChange={(event) => setHour(Number(event.target.value))}
                className={inputClass}
              >
                {HOURS.map((value) => (
                  <option key={value} value={value}>
                    {String(value).padStart(2, "0")}:00
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={primaryButtonClass}
                disabled={busy}
                onClick={() =>
                  void send(
                    "/alerts/email",
                    { enabled: "true", hour: String(hour) },
                    "E-mail digest on.",
                  )
                }
              >
                {email.enabled ? "Save hour" : "Turn on e-mail"}
              </button>
              {email.enabled && (
                <ActionButton
                  busy={busy}
                  onClick={() =>
                    void send("/alerts/email", { enabled: "false" }, "E-mail digest off.")
                  }
                >
                  Turn off
                </ActionButton>
              )}
              <ActionButton
                busy={busy}
                onClick={() => void send("/alerts/email", { intent: "test" }, "Test e-mail sent.")}
              >
                Send a test e-mail
              </ActionButton>
            </div>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {email.enabled ? `On, at ${String(email.hour).padStart(2, "0")}:00 WIB.` : "Off."}
            </p>
          </>
        )}
      </div>
      {pushControl && (
        <div className="mt-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <p className="font-medium">Notifications in this browser</p>
          {pushControl}
          <AlertBrowsers browsers={browsers} />
        </div>
      )}
    </Section>
  );
}

function SentHistory({ history }: { history: MyAlerts["history"] }) {
  return (
    <Section id="sent-heading" title="What we sent">
      {history.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">Nothing yet.</p>
      ) : (
        <ul className="mt-3 max-h-[24rem] divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
          {history.map((entry) => (
            <li
              key={`${entry.courseId}-${entry.channel}-${entry.queuedAt}`}
              className="py-2 text-sm"
            >
              <Link
                to={entry.path}
                className="font-medium text-brand-700 hover:underline dark:text-brand-100"
              >
                {truncate(entry.title, TRUNCATE.historyTitle)}
              </Link>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {entry.channel} · {entry.status} ·{" "}
                <time dateTime={entry.sentAt ?? entry.queuedAt}>
                  {formatJakartaInstant(new Date(entry.sentAt ?? entry.queuedAt))}
                </time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

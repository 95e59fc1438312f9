import { useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { formatJakartaInstant } from "../../core/dates";
import type { MyAlerts } from "../../core/my-alerts";
import { channelReach, type ChannelReach } from "../../core/alert-reach";
import type { AlertChannel } from "../../core/alert-rules";
import { TRUNCATE, truncate } from "../../core/text";
import { AlertBrowsers } from "./alert-browsers";
import { AlertChannelChoice } from "./alert-channel-choice";
import { buttonClass, inputClass, primaryButtonClass, useAlertWrite } from "./alert-write";
import { TelegramLink } from "./telegram-link";
import { rich } from "./rich-text";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";
import { deliveryLabel, describeSearch } from "../lib/account-labels";
import { formatCount } from "../../core/numbers";

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
  const { t } = useMessages();
  const reach = channelReach(alerts);
  return (
    <>
      <h2 className="text-xl font-semibold">{t(m.account_alerts_heading)}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(m.account_alerts_intro)}</p>
      <WatchedCourses watches={alerts.watches} reach={reach} />
      <SavedSearches searches={alerts.searches} reach={reach} />
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

type Reach = Record<AlertChannel, ChannelReach>;

function WatchedCourses({ watches, reach }: { watches: MyAlerts["watches"]; reach: Reach }) {
  const { t, href } = useMessages();
  const { send, busy } = useAlertWrite();
  const [url, setUrl] = useState("");
  const watch = async (event: FormEvent) => {
    event.preventDefault();
    if (await send("/alerts/watches", { url }, t(m.account_watch_done))) setUrl("");
  };
  return (
    <Section
      id="watched-heading"
      title={t(m.account_watched_heading, { count: formatCount(watches.length) })}
    >
      <form onSubmit={(event) => void watch(event)} className="mt-3 flex flex-wrap gap-2">
        <label htmlFor="watch-url" className="sr-only">
          {t(m.account_watch_url_label)}
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
          {t(m.account_watch_submit)}
        </button>
      </form>
      {watches.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {t(m.account_watches_empty)}
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
                  to={href(watch.path)}
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-100"
                  title={watch.title}
                >
                  {truncate(watch.title, TRUNCATE.historyTitle)}
                </Link>
                {watch.listed && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                    {t(m.account_free_now)}
                  </span>
                )}
              </span>
              <ActionButton
                busy={busy}
                onClick={() =>
                  void send(
                    "/alerts/watches",
                    { intent: "unwatch", courseId: String(watch.courseId) },
                    t(m.account_unwatch_done),
                  )
                }
              >
                {t(m.account_unwatch)}
              </ActionButton>
              <AlertChannelChoice
                path="/alerts/watches"
                fields={{ courseId: String(watch.courseId) }}
                channels={watch.channels}
                reach={reach}
                label={watch.title}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function SavedSearches({ searches, reach }: { searches: MyAlerts["searches"]; reach: Reach }) {
  const { t, href, locale } = useMessages();
  const { send, busy } = useAlertWrite();
  return (
    <Section
      id="searches-heading"
      title={t(m.account_searches_heading, { count: formatCount(searches.length) })}
    >
      {searches.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {rich(t(m.account_searches_empty), {
            link: (text) => (
              <Link
                to={href("/#courses-section")}
                className="text-brand-700 underline dark:text-brand-100"
              >
                {text}
              </Link>
            ),
          })}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {searches.map((search) => (
            <li key={search.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="font-medium">{describeSearch(search, locale)}</span>
              <span className="flex flex-wrap gap-2">
                {/* A browser shows the feed as raw XML: the page explains it and copies it. */}
                <Link to={href(search.feedHelpPath)} className={buttonClass}>
                  {t(m.account_private_feed)}
                </Link>
                <ActionButton
                  busy={busy}
                  onClick={() =>
                    void send(
                      "/alerts/searches",
                      { intent: "renew-feed", id: String(search.id) },
                      t(m.account_renew_feed_done),
                    )
                  }
                >
                  {t(m.account_renew_feed)}
                </ActionButton>
                <ActionButton
                  busy={busy}
                  onClick={() =>
                    void send(
                      "/alerts/searches",
                      { intent: "delete", id: String(search.id) },
                      t(m.account_search_deleted),
                    )
                  }
                >
                  {t(m.account_delete)}
                </ActionButton>
              </span>
              <AlertChannelChoice
                path="/alerts/searches"
                fields={{ id: String(search.id) }}
                channels={search.channels}
                reach={reach}
                label={describeSearch(search, locale)}
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
  const { t } = useMessages();
  const { send, busy } = useAlertWrite();
  const [hour, setHour] = useState(email.hour);
  const clock = (value: number) => String(value).padStart(2, "0");
  return (
    <Section id="channels-heading" title={t(m.account_channels_heading)}>
      <div className="mt-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <p className="font-medium">{t(m.account_email_title)}</p>
        {!email.available ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t(m.account_email_unavailable)}
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
                {t(m.account_digest_hour)}
              </label>
              <select
                id="digest-hour"
                value={hour}
                onChange={(event) => setHour(Number(event.target.value))}
                className={inputClass}
              >
                {HOURS.map((value) => (
                  <option key={value} value={value}>
                    {t(m.account_hour, { hour: clock(value) })}
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
                    t(m.account_email_on_done),
                  )
                }
              >
                {email.enabled ? t(m.account_email_save_hour) : t(m.account_email_turn_on)}
              </button>
              {email.enabled && (
                <ActionButton
                  busy={busy}
                  onClick={() =>
                    void send("/alerts/email", { enabled: "false" }, t(m.account_email_off_done))
                  }
                >
                  {t(m.account_email_turn_off)}
                </ActionButton>
              )}
              <ActionButton
                busy={busy}
                onClick={() =>
                  void send("/alerts/email", { intent: "test" }, t(m.account_email_test_done))
                }
              >
                {t(m.account_email_test)}
              </ActionButton>
            </div>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {email.enabled
                ? t(m.account_email_on_at, { hour: clock(email.hour) })
                : t(m.account_email_off)}
            </p>
          </>
        )}
      </div>
      {pushControl && (
        <div className="mt-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <p className="font-medium">{t(m.account_push_title)}</p>
          {pushControl}
          <AlertBrowsers browsers={browsers} />
        </div>
      )}
    </Section>
  );
}

function SentHistory({ history }: { history: MyAlerts["history"] }) {
  const { t, href, locale } = useMessages();
  return (
    <Section id="sent-heading" title={t(m.account_sent_heading)}>
      {history.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t(m.account_sent_empty)}</p>
      ) : (
        <ul className="mt-3 max-h-[24rem] divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
          {history.map((entry) => (
            <li
              key={`${entry.courseId}-${entry.channel}-${entry.queuedAt}`}
              className="py-2 text-sm"
            >
              <Link
                to={href(entry.path)}
                className="font-medium text-brand-700 hover:underline dark:text-brand-100"
              >
                {truncate(entry.title, TRUNCATE.historyTitle)}
              </Link>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {deliveryLabel(entry.channel, entry.status, locale)} ·{" "}
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

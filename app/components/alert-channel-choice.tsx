import { useState } from "react";
import { ALERT_CHANNELS, type AlertChannel } from "../../core/alert-texts";
import type { ChannelReach } from "../../core/alert-reach";
import { useAlertWrite } from "./alert-write";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";
import { channelLabel } from "../lib/account-labels";

/** What a channel that cannot reach the learner needs first, in a line under the boxes. */
const NEEDS: Record<Exclude<ChannelReach, "ready">, typeof m.account_channel_needs_push_off> = {
  "email-unavailable": m.account_email_unavailable,
  "email-off": m.account_channel_needs_email_off,
  "push-off": m.account_channel_needs_push_off,
  "telegram-unavailable": m.account_telegram_unavailable,
  "telegram-unlinked": m.account_channel_needs_telegram_unlinked,
};

/**
 * Which channels one alert (a watched course or a saved search) is told on. Each change is saved
 * at once; the last ticked channel cannot be unticked (the server refuses an alert with none).
 * Only a channel that can reach the learner is offered as a box; each other one is a line saying
 * what it needs (the server refuses it too).
 */
export function AlertChannelChoice(props: {
  /** The alert's route and the field naming it: ("/alerts/watches", { courseId }) or ("/alerts/searches", { id }). */
  path: string;
  fields: Record<string, string>;
  channels: AlertChannel[];
  reach: Record<AlertChannel, ChannelReach>;
  /** For the accessible name: which alert these boxes belong to. */
  label: string;
}) {
  const { t, locale } = useMessages();
  const { send, busy } = useAlertWrite();
  const [chosen, setChosen] = useState(props.channels);
  const toggle = async (channel: AlertChannel) => {
    const next = chosen.includes(channel)
      ? chosen.filter((name) => name !== channel)
      : ALERT_CHANNELS.filter((name) => name === channel || chosen.includes(name));
    const before = chosen;
    setChosen(next);
    const saved = await send(
      props.path,
      { ...props.fields, intent: "channels", channels: next.join(",") },
      t(m.account_channels_saved),
    );
    if (!saved) setChosen(before);
  };
  const reachable = ALERT_CHANNELS.filter((channel) => props.reach[channel] === "ready");
  const needs = ALERT_CHANNELS.flatMap((channel) => {
    const reach = props.reach[channel];
    return reach === "ready" ? [] : [{ channel, text: t(NEEDS[reach]) }];
  });
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 text-sm">
      <legend className="sr-only">{t(m.account_channels_legend, { label: props.label })}</legend>
      {reachable.length > 0 && (
        <span aria-hidden="true" className="text-slate-600 dark:text-slate-300">
          {t(m.account_channels_by)}
        </span>
      )}
      {reachable.map((channel) => {
        const checked = chosen.includes(channel);
        return (
          <label key={channel} className="inline-flex min-h-11 items-center gap-1.5">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={checked}
              disabled={busy || (checked && chosen.length === 1)}
              onChange={() => void toggle(channel)}
            />
            {channelLabel(channel, locale)}
          </label>
        );
      })}
      {needs.map(({ channel, text }) => (
        <span
          key={channel}
          data-testid="alert-channel-needs"
          className="basis-full text-xs text-slate-600 dark:text-slate-300"
        >
          {text}
        </span>
      ))}
    </fieldset>
  );
}

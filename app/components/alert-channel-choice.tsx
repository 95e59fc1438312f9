import { useState } from "react";
import { ALERT_CHANNELS, type AlertChannel } from "../../core/alert-rules";
import { useAlertWrite } from "./alert-write";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";
import { channelLabel } from "../lib/account-labels";

/**
 * Which channels one alert (a watched course or a saved search) is told on. Each change is saved
 * at once; the last ticked channel cannot be unticked (the server refuses an alert with none).
 */
export function AlertChannelChoice(props: {
  /** The alert's route and the field naming it: ("/alerts/watches", { courseId }) or ("/alerts/searches", { id }). */
  path: string;
  fields: Record<string, string>;
  channels: AlertChannel[];
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
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 text-sm">
      <legend className="sr-only">{t(m.account_channels_legend, { label: props.label })}</legend>
      <span aria-hidden="true" className="text-slate-600 dark:text-slate-300">
        {t(m.account_channels_by)}
      </span>
      {ALERT_CHANNELS.map((channel) => {
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
    </fieldset>
  );
}

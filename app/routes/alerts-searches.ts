import { ALERT_TEXTS, alertChannelsSchema, savedSearchInputSchema } from "../../core/alert-rules";
import { parseRowId } from "../../core/row-id";
import { chooseAlertChannels } from "../../server/domain/alerts/alert-channel-choice";
import {
  deleteSavedSearch,
  renewFeedToken,
  saveSearch,
} from "../../server/domain/alerts/saved-searches";
import { NotFound } from "../../server/domain/common/errors";
import { answerAlertForm, formText } from "../../server/web/alert-requests";
import { parseInput } from "../../server/web/json-answers";
import type { Route } from "./+types/alerts-searches";
import { methodNotAllowed } from "../../server/web/responses";

/**
 * POST /alerts/searches: save the home filters as an alert (`search`, `type`, `language`,
 * `rating`; the sort is not kept). With `id`: `intent=delete` (or DELETE) deletes the saved
 * search, `intent=renew-feed` gives it a new private feed address (the old one stops working),
 * `intent=channels` with `channels=email,push,telegram` (at least one) sets the channels it is
 * told on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  return answerAlertForm(request, context, async (user, form) => {
    const intent = request.method === "DELETE" ? "delete" : (formText(form, "intent") ?? "save");
    if (intent === "delete" || intent === "renew-feed" || intent === "channels") {
      const id = parseRowId(formText(form, "id"));
      if (id === null) throw new NotFound(ALERT_TEXTS.searchUnknown);
      if (intent === "channels") {
        const channels = await chooseAlertChannels(
          services,
          user.id,
          { savedSearchId: id },
          parseInput(alertChannelsSchema, formText(form, "channels")),
        );
        return Response.json({ success: true, channels });
      }
      if (intent === "delete") {
        await deleteSavedSearch(services, user.id, id);
        return Response.json({ success: true, deleted: id });
      }
      const renewed = await renewFeedToken(services, user.id, id);
      return Response.json({
        success: true,
        feedUrl: `${services.config.publicSiteUrl}/alerts/feed/${renewed.feedToken}`,
      });
    }
    const input = parseInput(savedSearchInputSchema, {
      search: formText(form, "search"),
      type: formText(form, "type"),
      language: formText(form, "language"),
      rating: formText(form, "rating") || undefined,
    });
    const saved = await saveSearch(services, user.id, input);
    return Response.json(
      {
        success: true,
        search: {
          id: saved.id,
          search: saved.search,
          type: saved.category,
          language: saved.language,
          rating: saved.minRating,
          feedUrl: `${services.config.publicSiteUrl}/alerts/feed/${saved.feedToken}`,
        },
      },
      { status: 201 },
    );
  });
}

export const loader = methodNotAllowed("POST, DELETE");

import { ALERT_TEXTS, alertChannelsSchema } from "../../core/alert-rules";
import { canonicalUdemyCourseUrl } from "../../core/udemy-course-url";
import { parseRowId } from "../../core/row-id";
import { chooseAlertChannels } from "../../server/domain/alerts/alert-channel-choice";
import { unwatchCourse, watchCourse } from "../../server/domain/alerts/watches";
import { ValidationError } from "../../server/domain/common/errors";
import { answerAlertForm, formText } from "../../server/web/alert-requests";
import { parseInput } from "../../server/web/json-answers";
import type { Route } from "./+types/alerts-watches";
import { methodNotAllowed } from "../../server/web/responses";

/**
 * POST /alerts/watches: watch a course by `courseId`, or by `url` — a pasted Udemy course
 * address (https://www.udemy.com/course/<slug>/ only), which creates an unlisted course when we
 * do not know it yet. `intent=unwatch` (or DELETE) with `courseId` stops watching;
 * `intent=channels` with `courseId` and `channels=email,push,telegram` (at least one) sets the
 * channels this watch is told on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answerAlertForm(request, context, async (user, form) => {
    const unwatch = request.method === "DELETE" || formText(form, "intent") === "unwatch";
    const courseField = formText(form, "courseId");
    if (formText(form, "intent") === "channels") {
      const courseId = parseRowId(courseField);
      if (courseId === null) throw new ValidationError(ALERT_TEXTS.courseUnknown);
      const channels = await chooseAlertChannels(
        context.services,
        user.id,
        { watchedCourseId: courseId },
        parseInput(alertChannelsSchema, formText(form, "channels")),
      );
      return Response.json({ success: true, channels });
    }
    if (unwatch) {
      const courseId = parseRowId(courseField);
      if (courseId === null) throw new ValidationError(ALERT_TEXTS.courseUnknown);
      const wasWatching = await unwatchCourse(context.services, user.id, courseId);
      return Response.json({ success: true, watching: false, wasWatching });
    }
    let target: { courseId: number } | { link: string };
    if (courseField !== undefined) {
      const courseId = parseRowId(courseField);
      if (courseId === null) throw new ValidationError(ALERT_TEXTS.courseUnknown);
      target = { courseId };
    } else {
      const link = canonicalUdemyCourseUrl(formText(form, "url") ?? "");
      if (link === null) throw new ValidationError(ALERT_TEXTS.notUdemyCourseUrl);
      target = { link };
    }
    const course = await watchCourse(context.services, user.id, target);
    return Response.json({ success: true, watching: true, course });
  });
}

export const loader = methodNotAllowed("POST, DELETE");

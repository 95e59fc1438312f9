import { FAVOURITE_ADDED, FAVOURITE_REMOVED } from "../../core/messages";
import { parseRowId } from "../../core/row-id";
import { setFavourite } from "../../server/domain/favourites";
import { HttpRefusal, jsonErrorResponse } from "../../server/web/json-answers";
import { subjectForWrite } from "../../server/web/responses";
import type { Route } from "./+types/favourites";

/** POST /favourites (courseId, favourite=true|false): the heart toggle, for users and visitors. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await request.formData();
    const field = form.get("courseId");
    const courseId = parseRowId(typeof field === "string" ? field : null);
    if (courseId === null) throw new HttpRefusal(400, "Unknown course.");
    const favourite = form.get("favourite") === "true";
    const { subject, setCookie } = subjectForWrite(context);
    const result = await setFavourite(context.services, subject, courseId, favourite);
    return Response.json(
      {
        success: true,
        favourited: result.favourited,
        message: result.favourited ? FAVOURITE_ADDED : FAVOURITE_REMOVED,
      },
      { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
    );
  } catch (error) {
    return jsonErrorResponse(error, "result");
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

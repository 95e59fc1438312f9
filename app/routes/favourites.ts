import { setFavourite } from "../../server/domain/favourites";
import { domainErrorResponse, subjectForWrite } from "../../server/web/responses";
import { FAVOURITE_ADDED, FAVOURITE_REMOVED } from "../../core/messages";
import { parseRowId } from "../../core/row-id";
import type { Route } from "./+types/favourites";

/** POST /favourites (courseId, favourite=true|false): the heart toggle, for users and visitors. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = form.get("courseId");
  const courseId = parseRowId(typeof field === "string" ? field : null);
  if (courseId === null) {
    return Response.json(
      { success: false, message: "Unknown course.", error: { message: "Unknown course." } },
      { status: 400 },
    );
  }
  const favourite = form.get("favourite") === "true";
  const { subject, setCookie } = subjectForWrite(context);
  try {
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
    return domainErrorResponse(error);
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

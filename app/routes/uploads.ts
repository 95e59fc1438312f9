import { readArticleImage } from "../../server/domain/articles/articles";
import type { Route } from "./+types/uploads";

/**
 * Uploaded article covers. Keys are random and never reused, so a cover never changes: browsers
 * and CDNs may keep it for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const image = await readArticleImage(context.services, params.key);
  if (!image) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // A copy on its own ArrayBuffer: what BodyInit accepts.
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

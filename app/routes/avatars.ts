import { avatarSvg, parseAvatarFile } from "../../server/domain/accounts/avatars";
import type { Route } from "./+types/avatars";

/** A year: an avatar's address is its content (a hash), so it never changes under the address. */
const CACHE_FOR_SECONDS = 365 * 24 * 60 * 60;

/**
 * GET /avatars/<hash>.svg: a signed-in person's avatar, drawn here from the hash of their
 * address. The SVG gets a policy of its own that forbids everything but its inline shapes, in
 * case someone opens it as a page.
 */
export function loader({ params }: Route.LoaderArgs) {
  const seed = parseAvatarFile(params.file);
  if (seed === null) return new Response("Not Found", { status: 404 });
  return new Response(avatarSvg(seed), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": `public, max-age=${CACHE_FOR_SECONDS}, immutable`,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

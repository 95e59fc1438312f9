import { data } from "react-router";
import type { Route } from "./+types/not-found";
import * as m from "../../core/paraglide/messages";
import { localeOfPath } from "../../core/locale";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location }) => [
  {
    title: `${m.error_not_found_title({}, { locale: localeOfPath(location.pathname) })} | Kursusku`,
  },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return null;
}

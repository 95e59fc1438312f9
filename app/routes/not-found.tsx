import { data } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page Not Found | Kursusku" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return null;
}

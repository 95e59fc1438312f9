// Placeholder: filled in by the site-shell work (issue 3).
export function loader() {
  return new Response("Not yet available", { status: 404 });
}

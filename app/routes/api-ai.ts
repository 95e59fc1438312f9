// Placeholder: filled in by its issue.
export function loader() {
  return new Response("Not yet available", { status: 404 });
}

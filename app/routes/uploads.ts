// Placeholder: filled in by the articles work (issue 8).
export function loader() {
  return new Response("Not found", { status: 404 });
}

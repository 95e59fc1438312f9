// Placeholder: filled in by the site-shell work (issue 3).
export default function Page() {
  return null;
}

// Placeholder: filled in by the articles work (issue 8).
export default function Page() {
  return null;
}

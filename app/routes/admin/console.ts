// The console's sections and their addresses, for the pages (browser and server alike). What
// only the server runs (the operator check, the forms) is in `console.server.ts`, so that no
// server module reaches the browser bundle.

/** The console's sections, in the navigation's order; the overview is the index at /admin. */
export const SECTIONS = [
  "overview",
  "ingest",
  "codes",
  "articles",
  "users",
  "alerts",
  "audit",
] as const;
export type Section = (typeof SECTIONS)[number];
export const SECTION_LABELS: Record<Section, string> = {
  overview: "Overview",
  ingest: "Ingestion",
  codes: "Redeem codes",
  articles: "Articles",
  users: "Users",
  alerts: "Alerts",
  audit: "Audit log",
};
export const sectionPath = (section: Section) =>
  section === "overview" ? "/admin" : `/admin/${section}`;

import { type RouteConfig, type RouteConfigEntry, index, route } from "@react-router/dev/routes";

/** The pages a visitor reads: each at SPEC's address in English and under /id in Indonesian. */
const pages: RouteConfigEntry[] = [
  index("routes/home.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("downloads", "routes/downloads.tsx"),
  route("articles", "routes/articles.tsx"),
  route("articles/new", "routes/articles-new.tsx"),
  route("article", "routes/article.tsx"),
  route("articles/:slugWithId", "routes/article-slug.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("course/:slug", "routes/course.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("alerts/feed-help/:token", "routes/alerts-feed-help.tsx"),
];

/**
 * The same page modules under /id. A route's id must be unique, and React Router derives it from
 * the module's file: the Indonesian copies get ids of their own (the page reads its language from
 * the address, core/locale.ts).
 */
function indonesian(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    id: `id/${entry.file.replace(/\.tsx?$/, "")}`,
    path: entry.index ? "id" : `id/${entry.path}`,
    index: undefined,
  }));
}

/** The route table: the pages in both languages plus the server-side routes (/go, /api, /auth, feeds, uploads, covers). */
export default [
  ...pages,
  ...indonesian(pages),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("feed.xml", "routes/feed-xml.ts"),
  route("uploads/:key", "routes/uploads.ts"),
  route("avatars/:file", "routes/avatars.ts"),
  route("covers/:file", "routes/covers.ts"),
  // The operator console: the layout checks the operator and draws the navigation; one module
  // per section.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("ingest", "routes/admin/ingest.tsx"),
    route("codes", "routes/admin/codes.tsx"),
    route("articles", "routes/admin/articles.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("alerts", "routes/admin/alerts.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),
  route("go/:courseId", "routes/go.tsx"),
  route("auth/dev", "routes/auth-dev.ts"),
  route("auth/google", "routes/auth-google.ts"),
  route("auth/signout", "routes/auth-signout.ts"),
  route("auth/app-bonus", "routes/auth-app-bonus.ts"),
  route("favourites", "routes/favourites.ts"),
  route("claims", "routes/claims.ts"),
  route("reviews", "routes/reviews.ts"),
  route("redeem", "routes/redeem.ts"),
  route("language/:locale", "routes/language.ts"),
  route("alerts", "routes/alerts.ts"),
  route("alerts/watches", "routes/alerts-watches.ts"),
  route("alerts/searches", "routes/alerts-searches.ts"),
  route("alerts/email", "routes/alerts-email.ts"),
  route("alerts/telegram", "routes/alerts-telegram.ts"),
  route("alerts/unsubscribe", "routes/alerts-unsubscribe.tsx"),
  route("alerts/feed/:token", "routes/alerts-feed.ts"),
  route("push/subscriptions", "routes/push-subscriptions.ts"),
  route("push/test", "routes/push-test.ts"),
  route("api/ai", "routes/api-ai.ts"),
  route("api/updates", "routes/api-updates.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

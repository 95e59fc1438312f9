import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table: the pages plus the server-side routes (/go, /api, /auth, feeds, uploads). */
export default [
  index("routes/home.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("downloads", "routes/downloads.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("feed.xml", "routes/feed-xml.ts"),
  route("articles", "routes/articles.tsx"),
  route("articles/new", "routes/articles-new.tsx"),
  route("article", "routes/article.tsx"),
  route("articles/:slugWithId", "routes/article-slug.tsx"),
  route("uploads/:key", "routes/uploads.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  route("course/:slug", "routes/course.tsx"),
  // The operator console: the layout checks the operator and draws the navigation; one module
  // per section.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("ingest", "routes/admin/ingest.tsx"),
    route("codes", "routes/admin/codes.tsx"),
    route("articles", "routes/admin/articles.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),
  route("go/:courseId", "routes/go.tsx"),
  route("auth/dev", "routes/auth-dev.ts"),
  route("auth/google", "routes/auth-google.ts"),
  route("auth/signout", "routes/auth-signout.ts"),
  route("auth/app-bonus", "routes/auth-app-bonus.ts"),
  route("favourites", "routes/favourites.ts"),
  route("reviews", "routes/reviews.ts"),
  route("redeem", "routes/redeem.ts"),
  route("push/subscriptions", "routes/push-subscriptions.ts"),
  route("push/test", "routes/push-test.ts"),
  route("api/ai", "routes/api-ai.ts"),
  route("api/updates", "routes/api-updates.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

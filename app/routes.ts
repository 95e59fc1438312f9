import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table: SPEC.md §2 plus the server-side routes of DESIGN.md §3. */
export default [
  index("routes/home.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("downloads", "routes/downloads.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("feed.xml", "routes/feed-xml.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  route("go/:courseId", "routes/go.tsx"),
  route("auth/dev", "routes/auth-dev.ts"),
  route("auth/google", "routes/auth-google.ts"),
  route("auth/signout", "routes/auth-signout.ts"),
  route("auth/app-bonus", "routes/auth-app-bonus.ts"),
  route("favourites", "routes/favourites.ts"),
  route("reviews", "routes/reviews.ts"),
  route("redeem", "routes/redeem.ts"),
  route("api/ai", "routes/api-ai.ts"),
  route("api/updates", "routes/api-updates.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

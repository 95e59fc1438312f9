import type { Request, Response } from "express";
import { parseCourseFilters, type CourseSort } from "../../core/course-filters";
import { coursePath } from "../../core/course-paths";
import { reviewFormValues, reviewInputSchema } from "../../core/review-input";
import { registerWithIdToken } from "../domain/accounts/accounts";
import { decodeImageData } from "../domain/ai/moderation";
import { listArticles, submitArticle } from "../domain/articles/articles";
import { findCourseIdByLink, listCourses } from "../domain/catalog/catalog";
import { markCourseOwned, moveClaimedCourse, readLearningList } from "../domain/catalog/claims";
import { CLAIM_TEXTS } from "../../core/claims";
import { openCourse } from "../domain/accounts/credits";
import { NotFound } from "../domain/common/errors";
import { getUserProfile } from "../domain/accounts/profile";
import { redeemCode } from "../domain/accounts/redeem";
import type { RequestKind } from "../domain/accounts/request-limits";
import { addReview, listReviews } from "../domain/catalog/reviews";
import type { Services } from "../services";
import { parseCookies, SESSION_COOKIE } from "../web/cookies";
import { answerLocale } from "../web/answer-language";
import { answerMessage } from "../web/answer-messages";
import { HttpRefusal, parseInput } from "../web/json-answers";
import { authenticateOptionally, isAppClient, userOf, type Caller } from "./api-callers";

/** Each action counts against its class's requests per IP and minute. */
export const ACTION_CLASS: Record<string, RequestKind> = {
  getCourses: "read",
  getArticles: "read",
  getReviews: "read",
  getUser: "read",
  registerUser: "write",
  trackCourseClick: "write",
  addReview: "write",
  addArticle: "write",
  checkRedeemCode: "redeem",
  getLearningList: "read",
  markCourseOwned: "write",
  moveClaimedCourse: "write",
};

/** Reads whose answer is the same for every client without a session. */
const PUBLIC_READS = new Set(["getCourses", "getArticles", "getReviews"]);

/** Whether this read is answered from the kept answers: a signed-in reader's reviews are theirs. */
export function isPublicRead(action: string, request: Request): boolean {
  if (!PUBLIC_READS.has(action)) return false;
  // A signed-in reader's reviews are marked theirs, and their course list leaves out what they claimed.
  if (action !== "getReviews" && action !== "getCourses") return true;
  return (
    request.headers.authorization === undefined &&
    !parseCookies(request.headers.cookie).has(SESSION_COOKIE)
  );
}

/**
 * What each action does, once the router has settled who asks and checked the input against
 * the action's schema: the same domain functions the web pages call, answers shaped for JSON.
 */
export async function runAction(
  services: Services,
  request: Request,
  response: Response,
  action: string,
  input: Record<string, unknown>,
  caller: Caller | null,
) {
  const signedIn = () => userOf(caller);
  switch (action) {
    case "getCourses": {
      const requestedPage = Number(input.page ?? 1);
      // The learners' filters, already checked by the schema, read as the pages read them.
      const query = parseCourseFilters(
        new URLSearchParams(
          Object.entries(input).flatMap(([name, value]) =>
            typeof value === "string" ? [[name, value]] : [],
          ),
        ),
      );
      const reader = await authenticateOptionally(services, request);
      const page = await listCourses(
        services,
        {
          ...query,
          search: String(input.search ?? "").trim(),
          type:
            input.type === undefined || String(input.type).toLowerCase() === "all"
              ? ""
              : String(input.type),
          rating: Number(input.rating ?? 0),
          sort: (input.sort as CourseSort | undefined) ?? "newest",
          page: requestedPage,
        },
        reader?.id ?? null,
      );
      // The pages show the last page for one past it; an API client paging until an empty
      // list would never stop on that, so past the end it gets an empty list.
      const pastTheEnd = requestedPage > page.pageCount;
      response.setHeader("X-Total-Count", String(page.total));
      response.setHeader("X-Page", String(pastTheEnd ? requestedPage : page.page));
      response.setHeader("X-Page-Count", String(page.pageCount));
      response.setHeader("X-Page-Size", String(page.pageSize));
      if (pastTheEnd) return [];
      return page.courses.map((course) => ({
        ...course,
        url: `${services.config.publicSiteUrl}${coursePath(course.slug)}`,
      }));
    }
    case "getLearningList":
      return readLearningList(services, signedIn().id);
    case "markCourseOwned": {
      await markCourseOwned(services, signedIn().id, Number(input.courseId));
      return { success: true, message: CLAIM_TEXTS.owned };
    }
    case "moveClaimedCourse": {
      await moveClaimedCourse(services, signedIn().id, Number(input.courseId), input.state);
      return { success: true, message: CLAIM_TEXTS.moved };
    }
    case "getArticles": {
      const page = await listArticles(services, {
        search: input.search as string | undefined,
        author: input.author as string | undefined,
        page: input.page as number | undefined,
      });
      response.setHeader("X-Total-Count", String(page.total));
      response.setHeader("X-Page", String(page.page));
      response.setHeader("X-Page-Count", String(page.pageCount));
      return page.articles;
    }
    case "getReviews": {
      const viewer = await authenticateOptionally(services, request);
      return listReviews(services, {
        courseLink: input.courseLink as string | undefined,
        viewerId: viewer?.id ?? null,
      });
    }
    case "getUser": {
      return getUserProfile(services, signedIn());
    }
    case "registerUser": {
      if (caller?.kind === "registering") {
        const registered = await registerWithIdToken(services, caller.token, {
          isAppClient: isAppClient(services, request),
          ip: request.ip ?? request.socket.remoteAddress ?? "unknown",
        });
        return { status: "success", message: registered.message, userId: registered.user.id };
      }
      return { status: "success", message: "Welcome back", userId: signedIn().id };
    }
    case "trackCourseClick": {
      const user = signedIn();
      const courseId =
        (input.courseId as number | undefined) ??
        (await findCourseIdByLink(services, String(input.courseLink)));
      if (!courseId) throw new NotFound("Course not found.");
      const opened = await openCourse(services, { kind: "user", userId: user.id }, courseId);
      return {
        success: true,
        message: `Redirecting to ${opened.title}`,
        couponUrl: opened.location,
        spent: opened.spent,
      };
    }
    case "checkRedeemCode": {
      // A refused code is an answer (200, success: false), not a thrown error: its message is
      // translated here, as jsonErrorAnswer translates the other refusals.
      const result = await redeemCode(services, signedIn().id, String(input.code));
      return { ...result, message: answerMessage(result.message, apiAnswerLocale(request)) };
    }
    case "addReview": {
      const user = signedIn();
      const courseId = await findCourseIdByLink(services, String(input.courseLink));
      if (!courseId) throw new NotFound("Course not found.");
      const review = parseInput(
        reviewInputSchema,
        reviewFormValues({ rating: input.rating, text: input.reviewText ?? "" }),
      );
      await addReview(services, user.id, { courseId, ...review });
      return { success: true, message: "Review added successfully" };
    }
    case "addArticle": {
      const user = signedIn();
      const { article, message } = await submitArticle(
        services,
        { user, isAppClient: isAppClient(services, request) },
        {
          title: String(input.title),
          content: String(input.content),
          author: input.author as string | undefined,
          // The bytes decide the image type; a claimed mimeType is not trusted.
          image: input.imageBase64 ? decodeImageData(String(input.imageBase64)) : null,
        },
      );
      return { success: true, message, articleId: article.articleId };
    }
    default:
      throw new HttpRefusal(400, `Unknown action: ${action}`);
  }
}

/** The action API answers English unless the client's Accept-Language prefers Indonesian. */
export function apiAnswerLocale(request: Request) {
  return answerLocale({ acceptLanguage: request.get("accept-language") });
}

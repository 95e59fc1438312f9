import {
  AI_MESSAGES,
  AI_TASKS,
  aiRequestSchema,
  learningGuidanceSchema,
  moderationVerdictSchema,
  trendingTopicSchema,
  type AiTask,
} from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import type { Services } from "../../services";
import { AiReplyUnreadable, AiTaskFailed, AiUnavailable, ValidationError } from "../common/errors";
import { takeAiRateLimit, type AiRequester } from "./ai-rate-limits";
import { getLearningGuidance } from "./compass";
import { decodeImageData, moderateImage, moderateText } from "./moderation";
import { getTrendingTopic } from "./trending";

/**
 * One request to the site's AI: the body names a task and carries only the user's input for
 * it; the server writes every prompt. Answers the task's result as a JSON string, or throws
 * ValidationError (the request is wrong), RateLimited (too many requests) or AiTaskFailed.
 */

const TASK_FAILURE: Record<AiTask, string> = {
  moderateTitle: AI_MESSAGES.titleCheckFailed,
  moderateContent: AI_MESSAGES.contentCheckFailed,
  moderateImage: AI_MESSAGES.imageCheckFailed,
  compass: AI_MESSAGES.compassFailed,
  trending: AI_MESSAGES.trendingFailed,
};

const TASK_LIST = AI_TASKS.join(", ");

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The task a body names, or ValidationError: this endpoint takes no free prompts. */
function readTask(body: unknown): AiTask {
  if (!isRecord(body)) throw new ValidationError("The request body must be a JSON object.");
  if (body.task === undefined || body.task === null || body.task === "") {
    throw new ValidationError(
      `A task is required. This endpoint only runs the site's own AI tasks (${TASK_LIST}); it does not take free prompts.`,
    );
  }
  if (typeof body.task !== "string" || !(AI_TASKS as readonly string[]).includes(body.task)) {
    throw new ValidationError(
      `Unknown task "${String(body.task).slice(0, 40)}". Use one of: ${TASK_LIST}.`,
    );
  }
  return body.task as AiTask;
}

function parseRequest(body: unknown) {
  const parsed = aiRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".");
    throw new ValidationError(
      issue ? `${field ? `${field}: ` : ""}${issue.message}` : "Invalid request.",
    );
  }
  return parsed.data;
}

async function runTask(
  services: Services,
  request: ReturnType<typeof parseRequest>,
  locale: Locale,
): Promise<string> {
  const { task, contents, imagePart } = request;
  if (imagePart && task !== "moderateImage") {
    throw new ValidationError(`The ${task} task does not take an image.`);
  }
  switch (task) {
    case "moderateTitle":
    case "moderateContent": {
      const check = await moderateText(
        services,
        task === "moderateTitle" ? "title" : "content",
        contents,
        locale,
      );
      return JSON.stringify(moderationVerdictSchema.parse(check.verdict));
    }
    case "moderateImage": {
      if (!imagePart) throw new ValidationError("An image is required for the moderateImage task.");
      const check = await moderateImage(
        services,
        decodeImageData(imagePart.inlineData.data),
        locale,
      );
      return JSON.stringify(moderationVerdictSchema.parse(check.verdict));
    }
    case "compass":
      return JSON.stringify(
        learningGuidanceSchema.parse(await getLearningGuidance(services, contents, locale)),
      );
    case "trending":
      return JSON.stringify(trendingTopicSchema.parse(await getTrendingTopic(services, locale)));
  }
}

/**
 * Checks the task, counts the request against the rate limits, checks the rest of the body and
 * runs the task. A missing or unknown task is refused before it is counted. The compass's advice,
 * the trending explanation and a moderation verdict's reason are written in `locale` (the page's
 * language).
 */
export async function answerAiRequest(
  services: Services,
  requester: AiRequester,
  body: unknown,
  locale: Locale = "en",
): Promise<string> {
  const task = readTask(body);
  await takeAiRateLimit(services, requester);
  const request = parseRequest(body);
  try {
    return await runTask(services, request, locale);
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if (error instanceof AiUnavailable || error instanceof AiReplyUnreadable) {
      services.logger.warn({ err: error, task }, "AI task failed");
      throw new AiTaskFailed(TASK_FAILURE[task], task, "ai-service", error.message, {
        cause: error,
      });
    }
    services.logger.error({ err: error, task }, "AI task crashed");
    throw new AiTaskFailed(TASK_FAILURE[task], task, "ours", null, { cause: error });
  }
}

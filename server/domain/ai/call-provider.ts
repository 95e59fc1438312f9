import { AiProviderError } from "../../adapters/ai/types";
import { AiUnavailable } from "../common/errors";

/** What the learner is told when the AI service fails (the answer's `details`). */
export const AI_SERVICE_MESSAGES = {
  busy: "The AI service is busy right now. Please try again in a minute.",
  unreachable: "The AI service could not be reached in time. Please try again.",
  unavailable: (status: number) =>
    `The AI service is unavailable right now (HTTP ${status}). Please try again later.`,
} as const;

/**
 * Runs one call to the AI provider (Gemini or offline, from services). A provider failure
 * becomes AiUnavailable with a sentence the learner can act on; anything else passes through.
 */
export async function callAiProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AiProviderError) {
      const detail =
        error.status === 429
          ? AI_SERVICE_MESSAGES.busy
          : error.status === null
            ? AI_SERVICE_MESSAGES.unreachable
            : AI_SERVICE_MESSAGES.unavailable(error.status);
      throw new AiUnavailable(detail, { cause: error });
    }
    throw error;
  }
}

import { AiProviderError } from "../../adapters/ai/types";
import { AiUnavailable } from "../errors";

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
          ? "The AI service is busy right now. Please try again in a minute."
          : error.status === null
            ? "The AI service could not be reached in time. Please try again."
            : `The AI service is unavailable right now (HTTP ${error.status}). Please try again later.`;
      throw new AiUnavailable(detail, { cause: error });
    }
    throw error;
  }
}

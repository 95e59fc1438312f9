import {
  AI_LIMITS,
  AI_MESSAGES,
  type AiImageMimeType,
  type ModerationVerdict,
} from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import type { TextModerationKind } from "../../adapters/ai/types";
import type { Services } from "../../services";
import { ValidationError } from "../common/errors";
import { callAiProvider } from "./call-provider";

/**
 * The AI content checks of titles, article content and cover images. The input is checked
 * here; the provider only judges it. A reply that cannot be read is never taken as safe.
 */

/**
 * A moderation result. `readable: false` means the AI answered something that could not be
 * parsed: the verdict is then the advisory "AI check couldn't be parsed…", not safe, and
 * never cached.
 */
export type ModerationCheck = { verdict: ModerationVerdict; readable: boolean };

/** Worded as the article form words the same advisory. */
function unreadableVerdict(locale: Locale): ModerationVerdict {
  return { isSafe: false, reason: m.writing_ai_unparseable({}, { locale }) };
}

/** The verdict's reason is written in `locale`, the writer's page language. */
export async function moderateText(
  services: Services,
  kind: TextModerationKind,
  text: string,
  locale: Locale = "en",
): Promise<ModerationCheck> {
  const trimmed = text.trim();
  if (trimmed === "") throw new ValidationError("There is no text to check.");
  if (kind === "title" && trimmed.length > AI_LIMITS.titleMaxChars) {
    throw new ValidationError(
      `The title is too long to check (${AI_LIMITS.titleMaxChars} characters at most).`,
    );
  }
  // Only the start of long content is checked (the first 2000 characters); the rest is cut.
  const checked = kind === "content" ? trimmed.slice(0, AI_LIMITS.contentCheckChars) : trimmed;
  const reply = await callAiProvider(() =>
    services.ai.moderateText({ kind, text: checked, locale }),
  );
  if (!reply.ok) {
    services.logger.warn({ kind, raw: reply.raw.slice(0, 200) }, "unreadable moderation reply");
    return { verdict: unreadableVerdict(locale), readable: false };
  }
  return { verdict: reply.value, readable: true };
}

/** The real type of an image from its first bytes (magic numbers), whatever it claims. */
export function sniffImageType(bytes: Uint8Array): AiImageMimeType | null {
  const starts = (offset: number, ...values: number[]) =>
    values.every((value, index) => bytes[offset + index] === value);
  if (starts(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0, 0x47, 0x49, 0x46, 0x38) && (starts(4, 0x37, 0x61) || starts(4, 0x39, 0x61))) {
    return "image/gif";
  }
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return null;
}

export async function moderateImage(
  services: Services,
  bytes: Uint8Array,
  locale: Locale = "en",
): Promise<ModerationCheck> {
  if (bytes.length === 0) throw new ValidationError("The image is empty.");
  if (bytes.length > AI_LIMITS.imageMaxBytes) throw new ValidationError(AI_MESSAGES.imageTooLarge);
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw new ValidationError(AI_MESSAGES.imageWrongType);
  const reply = await callAiProvider(() =>
    services.ai.moderateImage({ bytes, mimeType, locale }),
  );
  if (!reply.ok) {
    services.logger.warn({ raw: reply.raw.slice(0, 200) }, "unreadable image moderation reply");
    return { verdict: unreadableVerdict(locale), readable: false };
  }
  return { verdict: reply.value, readable: true };
}

/**
 * Decodes an image sent as base64 text (`inlineData.data` of an AI request, `imageBase64` of
 * the JSON API), tolerating a data: prefix, within the size limit.
 */
export function decodeImageData(data: string): Uint8Array {
  const body = data.replace(/^data:[\w/+.-]+;base64,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) {
    throw new ValidationError("The image data is not valid base64.");
  }
  const padding = body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0;
  if (Math.floor((body.length * 3) / 4) - padding > AI_LIMITS.imageMaxBytes) {
    throw new ValidationError(AI_MESSAGES.imageTooLarge);
  }
  return new Uint8Array(Buffer.from(body, "base64"));
}

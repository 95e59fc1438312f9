import {
  AI_LIMITS,
  AI_MESSAGES,
  learningGuidanceSchema,
  type LearningGuidance,
  type SuggestedSkill,
} from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import { repeatsKeyword } from "../../adapters/ai/catalog-terms";
import { describeLearningPath } from "../../adapters/ai/compass-advice";
import { computeCompassLocally } from "../../adapters/ai/local-compass";
import type { Services } from "../../services";
import { AiReplyUnreadable, ValidationError } from "../common/errors";
import { callAiProvider } from "./call-provider";
import { keywordFindsCourses, loadCatalogueSnapshot } from "./catalog-facts";
import { attachCourses } from "./compass-courses";

/**
 * The Learning Compass: a learner's goal in, skills and search keywords out. The provider
 * suggests them from a snapshot of our catalogue; only keywords that find listed courses are
 * passed on, and each skill carries the courses free today its keywords find. The advice speaks
 * the page's language (`locale`), whichever provider writes it.
 */

function validateGoal(goal: string): string {
  const trimmed = goal.trim();
  if (trimmed === "") throw new ValidationError(AI_MESSAGES.goalRequired);
  if (trimmed.length > AI_LIMITS.goalMaxChars) throw new ValidationError(AI_MESSAGES.goalTooLong);
  return trimmed;
}

/**
 * Keeps only keywords that find listed courses (checked in the database, as the course search
 * will run them), then tops the answer up from the offline compass when too little is left.
 */
async function verifyGuidance(
  services: Services,
  guidance: LearningGuidance,
  fallback: () => LearningGuidance,
  locale: Locale,
): Promise<LearningGuidance> {
  const verified = new Map<string, boolean>();
  // No chip repeats another anywhere in the answer, nor is a fragment of one ("Machine" beside
  // "Machine Learning"): the learner would see the same suggestion twice.
  const used = new Set<string>();
  const keep = async (keyword: string) => {
    const key = keyword.trim().toLowerCase();
    if (key === "" || repeatsKeyword(key, used)) return false;
    let found = verified.get(key);
    if (found === undefined) {
      found = await keywordFindsCourses(services, key);
      verified.set(key, found);
    }
    if (found) used.add(key);
    return found;
  };
  const filterKeywords = async (keywords: string[], limit: number) => {
    const kept: string[] = [];
    for (const keyword of keywords) {
      if (kept.length >= limit) break;
      if (await keep(keyword)) kept.push(keyword.trim());
    }
    return kept;
  };

  const skills: SuggestedSkill[] = [];
  const addSkill = async (skill: SuggestedSkill) => {
    const name = skill.skillName.trim().toLowerCase();
    // The same skill twice is one suggestion shown twice.
    if (skills.some((s) => s.skillName.trim().toLowerCase() === name)) return;
    const searchKeywords = await filterKeywords(skill.searchKeywords, 3);
    if (searchKeywords.length > 0) skills.push({ skillName: skill.skillName, searchKeywords });
  };
  for (const skill of guidance.suggestedSkills) await addSkill(skill);
  const genericKeywords = await filterKeywords(guidance.genericKeywords, 4);

  if (skills.length < 2 || genericKeywords.length < 2) {
    const extra = fallback();
    for (const skill of extra.suggestedSkills) {
      if (skills.length >= 2) break;
      await addSkill(skill);
    }
    if (genericKeywords.length < 2) {
      genericKeywords.push(
        ...(await filterKeywords(extra.genericKeywords, 4 - genericKeywords.length)),
      );
    }
  }
  // Advice that names a skill we dropped would send the learner looking for it.
  const sameSkills =
    skills.length === guidance.suggestedSkills.length &&
    skills.every((skill, index) => skill.skillName === guidance.suggestedSkills[index]?.skillName);
  return learningGuidanceSchema.parse({
    advice: sameSkills ? guidance.advice : describeLearningPath(skills.slice(0, 3), locale),
    suggestedSkills: skills.slice(0, 3),
    genericKeywords: genericKeywords.slice(0, 4),
  });
}

export async function getLearningGuidance(
  services: Services,
  goal: string,
  locale: Locale = "en",
): Promise<LearningGuidance> {
  const trimmed = validateGoal(goal);
  const catalogue = await loadCatalogueSnapshot(services);
  const input = { goal: trimmed, catalogue, locale };
  const reply = await callAiProvider(() => services.ai.compass(input));
  if (!reply.ok) {
    services.logger.warn({ raw: reply.raw.slice(0, 200) }, "unreadable compass reply");
    throw new AiReplyUnreadable(AI_MESSAGES.compassUnreadable);
  }
  const verified = await verifyGuidance(
    services,
    reply.value,
    () => computeCompassLocally(input),
    locale,
  );
  return {
    ...verified,
    suggestedSkills: attachCourses(verified.suggestedSkills, catalogue, locale),
  };
}

import type { SuggestedSkill } from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";

/** The offline compass's advice: what it found, in plain words, in the page's language. */

function listNames(names: string[], locale: Locale): string {
  if (names.length <= 1) return names.join("");
  return m.server_compass_list_last(
    { list: names.slice(0, -1).join(", "), last: names.at(-1)! },
    { locale },
  );
}

/**
 * "Machine Learning", not "Machine Learning (Machine Learning)": a keyword that is the skill's
 * own name is not said twice.
 */
function describeSkill(skill: SuggestedSkill, locale: Locale): string {
  const name = skill.skillName.toLowerCase();
  const others = skill.searchKeywords.filter((keyword) => keyword.toLowerCase() !== name);
  if (others.length === 0) return skill.skillName;
  const inputs = { skill: skill.skillName, keywords: others.join(", ") };
  return others.length < skill.searchKeywords.length
    ? m.server_compass_skill_also(inputs, { locale })
    : m.server_compass_skill_keywords(inputs, { locale });
}

function quoteGoal(goal: string): string {
  const short = goal.trim().replace(/\s+/g, " ");
  return short.length > 60 ? `${short.slice(0, 57).trimEnd()}…` : short;
}

export function writeAdvice(
  goal: string,
  skills: SuggestedSkill[],
  matching: number,
  matchedGoal: boolean,
  catalogueSize: number,
  locale: Locale = "en",
): string {
  if (catalogueSize === 0 || skills.length === 0) {
    return m.server_compass_no_courses({}, { locale });
  }
  if (!matchedGoal) {
    return m.server_compass_unmatched(
      {
        goal: quoteGoal(goal),
        skills: listNames(
          skills.map((skill) => describeSkill(skill, locale)),
          locale,
        ),
      },
      { locale },
    );
  }
  const matched = matching === 1 ? m.server_compass_matched_one : m.server_compass_matched_other;
  return matched({ path: describeLearningPath(skills, locale), count: matching }, { locale });
}

/** "Start with A (x, y), then build on it with B (z). Take one short course at a time…" */
export function describeLearningPath(skills: SuggestedSkill[], locale: Locale = "en"): string {
  if (skills.length === 0) return m.server_compass_path_empty({}, { locale });
  const [first, ...rest] = skills as [SuggestedSkill, ...SuggestedSkill[]];
  const then =
    rest.length > 0
      ? m.server_compass_path_then(
          {
            rest: listNames(
              rest.map((skill) => describeSkill(skill, locale)),
              locale,
            ),
          },
          { locale },
        )
      : "";
  return m.server_compass_path({ first: describeSkill(first, locale), then }, { locale });
}

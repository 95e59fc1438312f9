import type { SuggestedSkill } from "../../../core/ai-schemas";

/** The offline compass's advice: what it found, in plain words. */

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * "Machine Learning", not "Machine Learning (Machine Learning)": a keyword that is the skill's
 * own name is not said twice.
 */
function describeSkill(skill: SuggestedSkill): string {
  const name = skill.skillName.toLowerCase();
  const others = skill.searchKeywords.filter((keyword) => keyword.toLowerCase() !== name);
  if (others.length === 0) return skill.skillName;
  const also = others.length < skill.searchKeywords.length ? "also " : "";
  return `${skill.skillName} (${also}${others.join(", ")})`;
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
): string {
  if (catalogueSize === 0 || skills.length === 0) {
    return "There are no free courses listed right now, so we can't suggest a path yet. New coupons arrive every day: please check back soon.";
  }
  const courses = `${matching} free course${matching === 1 ? "" : "s"}`;
  if (!matchedGoal) {
    return `We couldn't find courses about "${quoteGoal(goal)}" in today's catalogue. Meanwhile, these popular areas have free courses: ${listNames(skills.map(describeSkill))}. New coupons arrive daily, so check back soon, or rephrase your goal with the name of a tool or subject.`;
  }
  return `${describeLearningPath(skills)} We found ${courses} that match these keywords today: tap a keyword to see them.`;
}

/** "Start with A (x, y), then build on it with B (z). Take one short course at a time…" */
export function describeLearningPath(skills: SuggestedSkill[]): string {
  if (skills.length === 0) return "Tap a keyword to see matching free courses.";
  const [first, ...rest] = skills as [SuggestedSkill, ...SuggestedSkill[]];
  const then =
    rest.length > 0 ? `, then build on it with ${listNames(rest.map(describeSkill))}` : "";
  return `Start with ${describeSkill(first)}${then}. Take one short course at a time and practise with a small project after each.`;
}

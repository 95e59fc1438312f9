/**
 * The name shown next to something a person published (a review). It never carries the account
 * id or the full e-mail address: the user's own name when they have one, else the first letters
 * of the part of the e-mail before "@" followed by "***", else "Anonymous".
 */
export const ANONYMOUS_NAME = "Anonymous";

const VISIBLE_EMAIL_LETTERS = 2;
const MAX_NAME_LENGTH = 60;

export function publicDisplayName(name: string | null, email: string | null): string {
  const trimmed = name?.trim() ?? "";
  // A name that is itself an e-mail address is masked like one.
  if (trimmed !== "" && !trimmed.includes("@")) return trimmed.slice(0, MAX_NAME_LENGTH);
  return maskEmail(trimmed.includes("@") ? trimmed : (email ?? ""));
}

function maskEmail(email: string): string {
  const local = email.split("@")[0]?.trim() ?? "";
  if (local === "") return ANONYMOUS_NAME;
  // Short local parts keep one letter only, so the mask reveals as little of them as possible.
  const visible = Math.min(VISIBLE_EMAIL_LETTERS, Math.max(1, local.length - 2));
  return `${Array.from(local).slice(0, visible).join("")}***`;
}

import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { AI_MESSAGES } from "../../core/ai-schemas";
import {
  ARTICLE_IMAGE_TYPES,
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  cooldownMessage,
  validateArticleInput,
  validateAuthor,
  validateContent,
  validateImageFile,
  validateTitle,
  type ArticleFieldErrors,
} from "../../core/article-rules";
import {
  submitBlock,
  submitButtonLabel,
  SUBMIT_LABELS,
  type ArticleFormState,
} from "../lib/article-form-state";
import { articleMessage } from "../lib/article-messages";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { ArticleContentEditor } from "./article-content-editor";
import { FieldFeedback } from "./field-feedback";
import { useModerationCheck } from "./use-article-moderation";
import { useToast } from "./toast";

type ProblemField = "title" | "content" | "author" | "image";

/** What the route's action answers when it refuses a submission. */
export type ArticleActionResult = {
  formError: string;
  fieldErrors: Partial<Record<ProblemField, string>>;
  values: { title: string; content: string; author: string } | null;
};

export type ArticleFormProps = {
  /** App users with an e-mail publish under it: the author field is read-only. */
  fixedAuthor: string | null;
  /** The server's remaining cooldown when the page loaded. */
  cooldownRemainingMs: number;
  actionData: ArticleActionResult | undefined;
};

/** The page's own action: /id/articles/new answers in Indonesian. */
const FORM_ACTION = "/articles/new";

const fieldClass =
  "w-full rounded-lg border bg-white px-3 py-2 text-sm dark:bg-slate-900 aria-[invalid=true]:border-red-500 border-slate-300 dark:border-slate-700";

/** Article form: live validation, live AI checks, and a submit that waits for both. */
export function ArticleForm({ fixedAuthor, cooldownRemainingMs, actionData }: ArticleFormProps) {
  const { t, locale, href } = useMessages();
  // The rules (core/article-rules.ts) answer in English; the page shows them in its language.
  const say = (english: string) => articleMessage(english, locale);
  const formAction = href(FORM_ACTION);
  const toast = useToast();
  const navigation = useNavigation();
  const revalidator = useRevalidator();

  const [title, setTitle] = useState(actionData?.values?.title ?? "");
  const [content, setContent] = useState(actionData?.values?.content ?? "");
  const [author, setAuthor] = useState(
    fixedAuthor ?? actionData?.values?.author ?? t(m.writing_default_author),
  );
  const [errors, setErrors] = useState<ArticleFieldErrors>({});
  const [imageError, setImageError] = useState<string | null>(null);
  const [imagePreview, setImagePreview] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const imagePick = useRef(0);

  // The server's refusals stay at their field until that field changes.
  const [seenAction, setSeenAction] = useState(actionData);
  const [serverErrors, setServerErrors] = useState(actionData?.fieldErrors ?? {});
  if (actionData !== seenAction) {
    setSeenAction(actionData);
    setServerErrors(actionData?.fieldErrors ?? {});
  }
  useEffect(() => {
    if (actionData?.formError) {
      toast.show(
        m.writing_submission_failed(
          { message: articleMessage(actionData.formError, locale) },
          { locale },
        ),
        "error",
        7000,
      );
    }
  }, [actionData, toast, locale]);

  const titleCheck = useModerationCheck(AI_MESSAGES.titleCheckFailed, locale);
  const contentCheck = useModerationCheck(AI_MESSAGES.contentCheckFailed, locale);
  const imageCheck = useModerationCheck(AI_MESSAGES.imageCheckFailed, locale);

  // The cooldown ends in the browser's time; the server is then asked again (its answer wins).
  const deadline = useRef<number | null>(null);
  useEffect(() => {
    if (cooldownRemainingMs <= 0) {
      deadline.current = null;
      return;
    }
    deadline.current = Date.now() + cooldownRemainingMs;
    const timer = setTimeout(() => void revalidator.revalidate(), cooldownRemainingMs + 500);
    return () => clearTimeout(timer);
    // revalidator changes identity on every state change; the timer only depends on the time left.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cooldownRemainingMs]);

  const submitting =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formAction === formAction;

  const clearServerError = (field: ProblemField) => {
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };

  // Browser rules are translated here; the server's refusals already speak the page's language.
  const shownError = (field: "title" | "content" | "author") => {
    const error = errors[field];
    return error ? say(error) : (serverErrors[field] ?? null);
  };

  const formState: ArticleFormState = {
    submitting,
    eligibilityLoading: revalidator.state === "loading",
    coolingDown: cooldownRemainingMs > 0,
    hasErrors:
      Boolean(shownError("title") || shownError("content") || shownError("author")) ||
      Boolean(serverErrors.image),
    moderation: {
      title: titleCheck.status,
      content: contentCheck.status,
      image: imageCheck.status,
    },
  };
  const label = submitButtonLabel(formState);

  function onTitleChange(value: string) {
    setTitle(value);
    setErrors((current) => ({ ...current, title: validateTitle(value) ?? undefined }));
    clearServerError("title");
    const trimmed = value.trim();
    if (
      trimmed.length >= ARTICLE_LIMITS.titleModerationMinChars &&
      trimmed.length <= ARTICLE_LIMITS.titleMax
    ) {
      titleCheck.check(
        { task: "moderateTitle", contents: trimmed },
        ARTICLE_LIMITS.moderationDebounceMs,
      );
    } else titleCheck.reset();
  }

  function onContentChange(value: string) {
    setContent(value);
    setErrors((current) => ({ ...current, content: validateContent(value) ?? undefined }));
    clearServerError("content");
    const trimmed = value.trim();
    if (trimmed.length >= ARTICLE_LIMITS.contentModerationMinChars) {
      contentCheck.check(
        {
          task: "moderateContent",
          contents: trimmed.slice(0, ARTICLE_LIMITS.contentModerationMaxChars),
        },
        ARTICLE_LIMITS.moderationDebounceMs,
      );
    } else contentCheck.reset();
  }

  function onAuthorChange(value: string) {
    setAuthor(value);
    setErrors((current) => ({ ...current, author: validateAuthor(value) ?? undefined }));
    clearServerError("author");
  }

  function forgetImage() {
    imagePick.current += 1;
    setImagePreview(null);
    imageCheck.reset();
    clearServerError("image");
  }

  function clearImage() {
    forgetImage();
    setImageError(null);
    if (imageInput.current) imageInput.current.value = "";
  }

  function onImageChange(input: HTMLInputElement) {
    const file = input.files?.[0];
    forgetImage();
    setImageError(null);
    if (!file) return;
    const problem = validateImageFile(file);
    if (problem) {
      // The file is cleared.
      input.value = "";
      setImageError(say(problem));
      toast.show(say(problem), "error");
      return;
    }
    const pick = imagePick.current;
    const dataUrl = readFileAsDataUrl(file);
    void dataUrl.then(
      (url) => {
        if (imagePick.current === pick) setImagePreview(url);
      },
      () => undefined,
    );
    imageCheck.check(async () => {
      const url = await dataUrl;
      return {
        task: "moderateImage",
        contents: "",
        imagePart: { inlineData: { mimeType: file.type, data: url.slice(url.indexOf(",") + 1) } },
      };
    }, 0);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const remaining = timeLeft(deadline.current);
    const block = submitBlock(formState, remaining);
    if (block) {
      event.preventDefault();
      toast.show(say(block.message), block.type);
      return;
    }
    const all = validateArticleInput({ title, content, author });
    if (Object.keys(all).length > 0) {
      event.preventDefault();
      setErrors(all);
      toast.show(say(ARTICLE_MESSAGES.formErrors), "error");
    }
  }

  return (
    <Form
      method="post"
      action={formAction}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {cooldownRemainingMs > 0 && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {say(cooldownMessage(cooldownRemainingMs))}
        </p>
      )}

      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor="article-title" className="font-semibold">
            {t(m.writing_title_label)}
          </label>
          <span className="text-xs text-slate-600 dark:text-slate-300" aria-hidden="true">
            {title.trim().length}/{ARTICLE_LIMITS.titleMax}
          </span>
        </div>
        <input
          id="article-title"
          name="title"
          type="text"
          value={title}
          onChange={(event) => onTitleChange(event.target.value)}
          placeholder={t(m.writing_title_placeholder)}
          autoComplete="off"
          aria-invalid={Boolean(shownError("title"))}
          aria-describedby="article-title-feedback"
          className={`mt-1 ${fieldClass}`}
        />
        <FieldFeedback
          id="article-title-feedback"
          error={shownError("title")}
          moderation={titleCheck}
        />
      </div>

      <ArticleContentEditor
        content={content}
        onChange={onContentChange}
        error={shownError("content")}
        moderation={contentCheck}
      />

      <div>
        <label htmlFor="article-author" className="font-semibold">
          {t(m.writing_author_label)}
        </label>
        <input
          id="article-author"
          name="author"
          type="text"
          value={author}
          readOnly={fixedAuthor !== null}
          onChange={(event) => onAuthorChange(event.target.value)}
          placeholder={t(m.writing_default_author)}
          maxLength={ARTICLE_LIMITS.authorMax}
          aria-invalid={Boolean(shownError("author"))}
          aria-describedby="article-author-feedback"
          className={`mt-1 ${fieldClass} ${fixedAuthor ? "cursor-not-allowed bg-slate-100 dark:bg-slate-800" : ""}`}
        />
        <div id="article-author-feedback">
          {fixedAuthor && (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {t(m.writing_author_fixed)}
            </p>
          )}
          {shownError("author") && (
            <p className="mt-1 text-sm text-red-700 dark:text-red-300">{shownError("author")}</p>
          )}
        </div>
      </div>

      <div>
        <label htmlFor="article-image" className="font-semibold">
          {t(m.writing_image_label)}
        </label>
        <p className="text-xs text-slate-600 dark:text-slate-300">{t(m.writing_image_hint)}</p>
        <input
          ref={imageInput}
          id="article-image"
          name="image"
          type="file"
          accept={ARTICLE_IMAGE_TYPES.join(",")}
          onChange={(event) => onImageChange(event.currentTarget)}
          aria-describedby="article-image-feedback"
          className="mt-2 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
        />
        {imagePreview && (
          <div className="mt-3 flex items-start gap-3">
            <img
              src={imagePreview}
              alt={t(m.writing_image_preview_alt)}
              className="h-24 w-40 rounded-lg object-cover"
            />
            <button
              type="button"
              onClick={clearImage}
              className="rounded-lg border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              {t(m.writing_image_remove)}
            </button>
          </div>
        )}
        <FieldFeedback
          id="article-image-feedback"
          error={imageError ?? serverErrors.image ?? null}
          moderation={imageCheck}
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {say(ARTICLE_MESSAGES.aiNotice)}
        </p>
        <button
          type="submit"
          data-testid="article-submit"
          disabled={label !== SUBMIT_LABELS.ready}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-900 dark:disabled:bg-slate-600 dark:disabled:text-white"
        >
          {say(label)}
        </button>
      </div>
    </Form>
  );
}

/** Milliseconds until `deadline` (the browser's time), or null when there is none. */
function timeLeft(deadline: number | null): number | null {
  return deadline === null ? null : deadline - Date.now();
}

function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    // Never shown: a failed read only leaves the preview out.
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

import { courseCoverPath, type CoverFacts } from "../../core/course-cover";
import { courseImageSrcSet, ownCourseImage } from "../../core/course-images";
import { useImageFailure } from "./image-failure";

/**
 * A course's image in a 16:9 box that is the same size whatever is shown, so nothing around it
 * moves: our own copy of the course's image (fetched once by our server, in several widths), else
 * the cover we draw from its category's colour and title, else (if even that fails to load) a
 * placeholder. Everything comes from our origin: a visitor's browser never asks Udemy's image
 * host. Width and height are on the element; `sizes` and a srcset let the browser fetch the
 * smallest copy. Only images in the first screenful are fetched at once (`priority`: eager, high
 * priority); every other one waits until it is about to scroll into view. The image is
 * decorative: the course title is always next to it, so it has an empty alt text.
 */
export function CourseImage({
  course,
  width,
  height,
  sizes,
  priority = false,
  className = "",
}: {
  course: CoverFacts & { imageUrl: string | null };
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const own = ownCourseImage(course.imageUrl);
  const cover = courseCoverPath(course);
  const { imageRef: ownRef, failed: ownFailed, onError: onOwnError } = useImageFailure(own);
  const { imageRef: coverRef, failed: coverFailed, onError: onCoverError } = useImageFailure(cover);

  const box = `aspect-video overflow-hidden ${className}`;
  const shared = {
    width,
    height,
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : undefined,
    decoding: "async",
    className: `${box} h-auto bg-slate-100 object-cover dark:bg-slate-800`,
  } as const;
  if (own && !ownFailed) {
    const srcSet = courseImageSrcSet(own);
    return (
      <img
        key={own}
        ref={ownRef}
        src={own}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        onError={onOwnError}
        alt=""
        data-testid="course-image"
        {...shared}
      />
    );
  }
  if (!coverFailed) {
    // A vector drawing: one file fits every width.
    return (
      <img
        key={cover}
        ref={coverRef}
        src={cover}
        onError={onCoverError}
        alt=""
        data-testid="course-cover"
        {...shared}
      />
    );
  }
  return <CourseImagePlaceholder className={box} />;
}

function CourseImagePlaceholder({ className }: { className: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="course-image-placeholder"
      className={`${className} flex items-center justify-center bg-gradient-to-br from-brand-50 to-brand-100 text-brand-500 dark:from-slate-800 dark:to-slate-700 dark:text-slate-400`}
    >
      <svg viewBox="0 0 24 24" className="h-1/3 max-h-12 w-1/3 max-w-12" fill="currentColor">
        <path d="M12 3 1 9l11 6 9-4.9V17h2V9L12 3zm-6.8 9.6V16c0 1.7 3 3.5 6.8 3.5s6.8-1.8 6.8-3.5v-3.4L12 16.3l-6.8-3.7z" />
      </svg>
    </div>
  );
}

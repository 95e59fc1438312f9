import { courseImageSrcSet } from "../../core/course-images";
import { safeImageSrc } from "../../core/safe-addresses";
import { useSiteUrl } from "./site-url";
import { useImageFailure } from "./image-failure";

/**
 * A course's image in a 16:9 box that is the same size whether the image loads, fails or is
 * missing (a placeholder takes its place), so nothing around it moves. Width and height are on
 * the element; `sizes` and a srcset let the browser fetch the smallest version the source offers.
 * Only images in the first screenful are fetched at once (`priority`: eager, high priority);
 * every other one waits until it is about to scroll into view. The image is decorative: the
 * course title is always next to it, so it has an empty alt text.
 */
export function CourseImage({
  imageUrl,
  width,
  height,
  sizes,
  priority = false,
  className = "",
}: {
  imageUrl: string | null;
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  // A feed could name one of the site's own pages as an image: it is never requested.
  const src = safeImageSrc(imageUrl, useSiteUrl());
  const { imageRef, failed, onError } = useImageFailure(src);

  const box = `aspect-video overflow-hidden ${className}`;
  if (!src || src.startsWith("data:") || failed) {
    return <CourseImagePlaceholder className={box} />;
  }
  return (
    <img
      ref={imageRef}
      src={src}
      srcSet={courseImageSrcSet(src)}
      sizes={sizes}
      width={width}
      height={height}
      alt=""
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={onError}
      className={`${box} h-auto bg-slate-100 object-cover dark:bg-slate-800`}
    />
  );
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

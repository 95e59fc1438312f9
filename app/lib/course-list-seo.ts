import type { PublicCourse } from "../../core/course";
import type { Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import { taxonomyName } from "../../core/taxonomy-names";

/** schema.org ItemList of the courses a list page shows, each as a Course. */
export function courseListJsonLd(courses: PublicCourse[], locale: Locale) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: m.home_list_name({}, { locale }),
    numberOfItems: courses.length,
    itemListElement: courses.map((course, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: courseJsonLd(course, locale),
    })),
  };
}

/** schema.org Course: name, description and provider are the required properties. */
function courseJsonLd(course: PublicCourse, locale: Locale) {
  return {
    "@type": "Course",
    name: course.title,
    description:
      course.headline ??
      m.home_course_description(
        { title: course.title, category: taxonomyName(course.courseType, locale) },
        { locale },
      ),
    url: course.link,
    inLanguage: course.language ?? undefined,
    provider: { "@type": "Organization", name: "Udemy", sameAs: "https://www.udemy.com" },
    ...(course.instructor ? { author: { "@type": "Person", name: course.instructor } } : {}),
    offers: { "@type": "Offer", price: 0, priceCurrency: "USD", category: "Free" },
    ...(course.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: course.averageRating,
            reviewCount: course.reviewCount,
          },
        }
      : {}),
  };
}

/**
 * A fixed set of course ids, kept compact (four bytes an id, sorted) because one is kept per
 * visitor in memory for thousands of visitors.
 */
export type CourseIdSet = {
  has(courseId: number): boolean;
  /** The ids of `courseIds` in the set, in their order. */
  within(courseIds: readonly number[]): number[];
  readonly size: number;
};

/** Course ids are the catalogue's integer keys (1 … 2³¹ − 1). */
export function courseIdSet(courseIds: readonly number[]): CourseIdSet {
  const sorted = Int32Array.from(courseIds).sort();
  const has = (courseId: number) => {
    let low = 0;
    let high = sorted.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = sorted[middle]!;
      if (value === courseId) return true;
      if (value < courseId) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  };
  return {
    has,
    within: (courseIds) => courseIds.filter(has),
    size: sorted.length,
  };
}

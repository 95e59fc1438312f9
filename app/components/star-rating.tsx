/** Five stars filled to the rating, with the number for screen readers. */
export function StarRating({ rating, count }: { rating: number; count: number }) {
  if (count <= 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">No reviews yet</p>;
  }
  const rounded = Math.round(rating);
  return (
    <p
      className="flex items-center gap-1 text-sm"
      aria-label={`Rated ${rating.toFixed(1)} out of 5 from ${count} review${count === 1 ? "" : "s"}`}
    >
      <span aria-hidden="true" className="tracking-tight text-amber-500">
        {"★".repeat(rounded)}
        <span className="text-slate-300 dark:text-slate-600">{"★".repeat(5 - rounded)}</span>
      </span>
      <span aria-hidden="true" className="text-slate-600 dark:text-slate-300">
        {rating.toFixed(1)} ({count})
      </span>
    </p>
  );
}

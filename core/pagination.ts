/**
 * Page slots for pagination: at most 5 numbered slots, first and last always shown, gaps
 * shown as ellipses. Returns numbers and "ellipsis" markers in display order.
 */
export function paginationSlots(current: number, pageCount: number): Array<number | "ellipsis"> {
  if (pageCount <= 5) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const page = Math.min(Math.max(current, 1), pageCount);
  let start = Math.max(2, page - 1);
  let end = Math.min(pageCount - 1, page + 1);
  if (page <= 3) {
    start = 2;
    end = 4;
  } else if (page >= pageCount - 2) {
    start = pageCount - 3;
    end = pageCount - 1;
  }
  const slots: Array<number | "ellipsis"> = [1];
  if (start > 2) slots.push("ellipsis");
  for (let slot = start; slot <= end; slot += 1) slots.push(slot);
  if (end < pageCount - 1) slots.push("ellipsis");
  slots.push(pageCount);
  return slots;
}

import { describe, expect, it } from "vitest";
import { createCallBatcher, createCallBatcherPerOwner, type BatchOutcome } from "./batched-calls";

/** A batcher over numbers that records every batch it ran; `answer` decides each outcome. */
function recordingBatcher(
  options: {
    maxSize?: number;
    exclusiveKeyOf?: (item: number) => string;
    answer?: (item: number) => BatchOutcome<string>;
    failBatchWhen?: (items: readonly number[]) => boolean;
    /** Lets a test hold a batch open while more calls arrive. */
    hold?: () => Promise<void>;
  } = {},
) {
  const batches: number[][] = [];
  const call = createCallBatcher<number, string>({
    maxSize: options.maxSize ?? 100,
    exclusiveKeyOf: options.exclusiveKeyOf,
    run: async (items) => {
      batches.push([...items]);
      await options.hold?.();
      if (options.failBatchWhen?.(items)) throw new Error(`batch ${items.join(",")} failed`);
      return items.map(
        (item) => options.answer?.(item) ?? { status: "fulfilled", value: `answer ${item}` },
      );
    },
  });
  return { call, batches };
}

describe("batched calls", () => {
  it("answers the calls made in one turn of the event loop as one batch, each with its own answer", async () => {
    const { call, batches } = recordingBatcher();
    const answers = await Promise.all([call(1), call(2), call(3)]);
    expect(answers).toEqual(["answer 1", "answer 2", "answer 3"]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("runs the calls that arrive while a batch runs as the next batch", async () => {
    let release!: () => void;
    const firstBatchHeld = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    const { call, batches } = recordingBatcher({
      hold: async () => {
        if (held) return;
        held = true;
        await firstBatchHeld;
      },
    });
    const first = call(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [call(2), call(3)];
    release();
    expect(await Promise.all([first, ...later])).toEqual(["answer 1", "answer 2", "answer 3"]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("never puts more than maxSize items in a batch", async () => {
    const { call, batches } = recordingBatcher({ maxSize: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((item) => call(item)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("keeps two items with the same key out of one batch, in the order they came", async () => {
    const { call, batches } = recordingBatcher({ exclusiveKeyOf: (item) => String(item % 2) });
    await Promise.all([1, 3, 2, 5, 4].map((item) => call(item)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("rejects only the caller whose outcome is an error", async () => {
    const { call } = recordingBatcher({
      answer: (item) =>
        item === 2
          ? { status: "rejected", reason: new Error("no credit") }
          : { status: "fulfilled", value: `answer ${item}` },
    });
    const outcomes = await Promise.allSettled([call(1), call(2), call(3)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error("no credit"));
  });

  it("tries each item alone when a batch fails, so one bad item fails only its own caller", async () => {
    const { call, batches } = recordingBatcher({ failBatchWhen: (items) => items.includes(2) });
    const outcomes = await Promise.allSettled([call(1), call(2), call(3)]);
    expect(outcomes).toEqual([
      { status: "fulfilled", value: "answer 1" },
      { status: "rejected", reason: new Error("batch 2 failed") },
      { status: "fulfilled", value: "answer 3" },
    ]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("treats a batch that answers the wrong number of times as failed", async () => {
    const call = createCallBatcher<number, number>({
      maxSize: 10,
      run: async (items) =>
        items.length > 1 ? [] : items.map((item) => ({ status: "fulfilled", value: item * 10 })),
    });
    expect(await Promise.all([call(1), call(2)])).toEqual([10, 20]);
  });

  it("keeps each owner's calls in batches of their own", async () => {
    const batches: string[][] = [];
    const call = createCallBatcherPerOwner((owner: { name: string }) => ({
      maxSize: 10,
      run: async (items: readonly number[]) => {
        batches.push(items.map((item) => `${owner.name}${item}`));
        return items.map((item) => ({ status: "fulfilled" as const, value: item }));
      },
    }));
    const a = { name: "a" };
    const b = { name: "b" };
    expect(await Promise.all([call(a, 1), call(b, 2), call(a, 3)])).toEqual([1, 2, 3]);
    expect(batches).toEqual([["a1", "a3"], ["b2"]]);
  });
});

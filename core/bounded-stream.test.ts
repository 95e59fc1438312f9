import { describe, expect, it } from "vitest";
import { readStreamUpTo } from "./bounded-stream";

function streamOf(chunks: string[], onCancel: () => void = () => undefined) {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(encoder.encode(chunks[index++]));
      else controller.close();
    },
    cancel: onCancel,
  });
}

describe("readStreamUpTo", () => {
  it("reads every chunk of a stream within the limit, in order", async () => {
    const bytes = await readStreamUpTo(streamOf(["ab", "cd", "e"]), 5);
    expect(new TextDecoder().decode(bytes!)).toBe("abcde");
  });

  it("answers null and cancels the stream once it passes the limit", async () => {
    let cancelled = false;
    const bytes = await readStreamUpTo(
      streamOf(["abc", "def", "never read"], () => {
        cancelled = true;
      }),
      5,
    );
    expect(bytes).toBeNull();
    expect(cancelled).toBe(true);
  });

  it("reads no body as empty", async () => {
    expect((await readStreamUpTo(null, 10))?.byteLength).toBe(0);
  });
});

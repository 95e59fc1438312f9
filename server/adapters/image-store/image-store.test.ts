import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalImageStore } from "./image-store";

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kursusku-images-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("createLocalImageStore", () => {
  it("stores bytes under a key and reads them back with the type of the key", async () => {
    const store = createLocalImageStore(path.join(directory, "uploads"));
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3]);
    await store.put("a1b2c3.webp", bytes, "image/webp");
    const read = await store.get("a1b2c3.webp");
    expect(read?.contentType).toBe("image/webp");
    expect([...read!.bytes]).toEqual([...bytes]);
    // The write went through a temporary file that is gone now.
    expect(await readdir(path.join(directory, "uploads"))).toEqual(["a1b2c3.webp"]);
  });

  it("overwrites a key atomically", async () => {
    const store = createLocalImageStore(directory);
    await store.put("cover.webp", new Uint8Array([1]), "image/webp");
    await store.put("cover.webp", new Uint8Array([2, 2]), "image/webp");
    expect([...(await store.get("cover.webp"))!.bytes]).toEqual([2, 2]);
  });

  it("stores the same key written twice at once (two courses with the same image bytes)", async () => {
    const store = createLocalImageStore(directory);
    const writes = Array.from({ length: 4 }, (_, index) =>
      store.put("course-same-240.webp", new Uint8Array([index]), "image/webp"),
    );
    await expect(Promise.all(writes)).resolves.toHaveLength(4);
    expect(await readdir(directory)).toEqual(["course-same-240.webp"]);
  });

  it("deletes a key, and deleting one that is not there is no error", async () => {
    const store = createLocalImageStore(directory);
    await store.put("course-a-240.webp", new Uint8Array([1]), "image/webp");
    await store.put("course-b-240.webp", new Uint8Array([2]), "image/webp");
    await store.delete("course-a-240.webp");
    await store.delete("course-a-240.webp");
    await store.delete("../escape.webp");
    expect(await store.get("course-a-240.webp")).toBeNull();
    expect(await readdir(directory)).toEqual(["course-b-240.webp"]);
  });

  it("answers null for unknown keys", async () => {
    const store = createLocalImageStore(directory);
    expect(await store.get("missing.webp")).toBeNull();
  });

  it("refuses keys that could leave the directory", async () => {
    const store = createLocalImageStore(path.join(directory, "inner"));
    for (const key of ["../escape.webp", "/etc/passwd", "a/b.webp", ".hidden", "", "A B.webp"]) {
      await expect(store.put(key, new Uint8Array([1]), "image/webp")).rejects.toThrow(/unsafe/);
      expect(await store.get(key)).toBeNull();
    }
    expect(await readdir(directory)).toEqual([]);
  });

  it("describes itself for the start-up log", () => {
    expect(createLocalImageStore(directory).describe()).toContain(directory);
  });
});

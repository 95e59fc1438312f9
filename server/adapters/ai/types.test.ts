import { describe, expect, it } from "vitest";
import { AiProviderError } from "./types";
import type * as TypesModule from "./types";

describe("AiProviderError", () => {
  it("is recognised when thrown by a second copy of the module (the Vite dev server loads two)", async () => {
    const secondCopy = "./types?second-copy"; // a specifier TypeScript leaves alone
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof TypesModule;
    expect(copy.AiProviderError).not.toBe(AiProviderError);
    const fromCopy = new copy.AiProviderError("unreachable", 503);
    expect(fromCopy).toBeInstanceOf(AiProviderError);
    expect(new AiProviderError("unreachable")).toBeInstanceOf(copy.AiProviderError);
  });

  it("does not claim other errors", () => {
    expect(new Error("other")).not.toBeInstanceOf(AiProviderError);
    expect({ name: "AiProviderError", message: "look-alike" }).not.toBeInstanceOf(AiProviderError);
    expect(null).not.toBeInstanceOf(AiProviderError);
  });
});

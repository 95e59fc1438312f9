import { expect, type Locator } from "@playwright/test";

/** Waits until React has attached its handlers to the element (clicks before that are native). */
export async function waitForReact(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith("__reactProps")),
      ),
    )
    .toBe(true);
}

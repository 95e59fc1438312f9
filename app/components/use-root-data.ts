import { useRouteLoaderData } from "react-router";
import type { RootData } from "../../core/root-data";

/** The root loader's data (viewer, site settings, sign-in options), available on every page. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

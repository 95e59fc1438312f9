import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** Carries the server's per-request CSP nonce to components that render inline scripts. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

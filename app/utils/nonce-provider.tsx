import { createContext, useContext } from "react";

/** The CSP nonce of this response; empty in the browser, which hides nonces from the DOM. */
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}

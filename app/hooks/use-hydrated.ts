import { useEffect, useState } from "react";

/** False in the server's HTML and until the page's scripts run: what needs JavaScript shows only then. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

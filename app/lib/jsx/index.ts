/** What esbuild calls for an element whose key follows a spread ({...props} key={…}): see ./jsx-runtime.ts. */
export { createElement } from "react";

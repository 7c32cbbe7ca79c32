/**
 * React's JSX runtime as ES module bindings (tsconfig's jsxImportSource): React is CommonJS, so
 * esbuild writes each element made through react/jsx-runtime as `(0, x.jsx)(…)` in every module;
 * through these bindings it is a plain call, about 3% less code on a page.
 */
import * as runtime from "react/jsx-runtime";

export type { JSX } from "react/jsx-runtime";
export const jsx = runtime.jsx;
export const jsxs = runtime.jsxs;
export const Fragment = runtime.Fragment;

/** The development twin of ./jsx-runtime.ts (remix dev and the tests compile with it). */
import * as runtime from "react/jsx-dev-runtime";

export type { JSX } from "react/jsx-dev-runtime";
export const jsxDEV = runtime.jsxDEV;
export const Fragment = runtime.Fragment;

export * from "./accounts";
export * from "./billing";
export * from "./messaging";
export * from "./pages";
export * from "./posts";
export * from "./templates";
export * from "./admin";

/** Stops `npm start` before the build when the environment is invalid (the config module exits with the reason). */
import { config } from "~/config.server";

console.log(`Environment OK (NODE_ENV=${config.NODE_ENV}, PORT=${config.PORT}).`);

/** Stops `npm start` before the build when the environment is invalid (the config module exits with the reason). */
import { config, missingPublicUrl } from "~/config.server";

const publicUrlProblem = missingPublicUrl(config, process.env);
if (publicUrlProblem) {
  console.error(publicUrlProblem);
  process.exit(1);
}
console.log(`Environment OK (NODE_ENV=${config.NODE_ENV}, PORT=${config.PORT}, public address ${config.PUBLIC_ORIGIN}).`);

/** Stops `npm start` before the build when the environment is invalid (the config module exits with the reason). */
import { config, runModeSummary, startupProblem } from "~/config.server";

const problem = startupProblem(config, process.env);
if (problem) {
  console.error(problem);
  process.exit(1);
}
console.log(
  `Environment OK (NODE_ENV=${config.NODE_ENV}, PORT=${config.PORT}, public address ${config.PUBLIC_ORIGIN}; ${runModeSummary(config)}).`,
);

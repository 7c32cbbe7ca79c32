/** `npm run check:env`: checks the environment without starting (a deployment's pipeline, before it swaps servers); `npm start` makes the same check. */
import { config, runModeSummary, startupProblem } from "~/config.server";

const problem = startupProblem(config, process.env);
if (problem) {
  console.error(problem);
  process.exit(1);
}
console.log(
  `Environment OK (NODE_ENV=${config.NODE_ENV}, PORT=${config.PORT}, public address ${config.PUBLIC_ORIGIN}; ${runModeSummary(config)}).`,
);

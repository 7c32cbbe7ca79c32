import { HOSTILE_SHAPES, answerProblem, planProbes, probePaths, sendToEveryRoute, watchHealth } from "../support/hostile-shapes";

import { expect, test, testClientIp } from "./fixtures";

/** What one hostile request may cost: an answer within 2 s, while another client's health checks stay under 200 ms. */
const ANSWER_MS = 2_000;
const HEALTH_MS = 200;

/**
 * Its own project (playwright.config.ts), after the others: what it times must not wait behind
 * another test's pages. Alone: `npx playwright test --project=hostile-shapes --no-deps`.
 */
test("every form and /api route answers its worst request shapes with a 4xx within 2 s, and other clients do not wait", async ({
  page,
  login,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await login();
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const attacker = testClientIp();
  const paths = probePaths();
  expect(paths.length, "routes with an action or under /api").toBeGreaterThanOrEqual(40);
  const probes = await planProbes(baseURL!, paths, { "X-Forwarded-For": attacker }, { "X-Forwarded-For": attacker, Cookie: cookie });

  const health = watchHealth(baseURL!, testClientIp());
  const problems: string[] = [];
  for (const shape of HOSTILE_SHAPES) {
    for (const answer of await sendToEveryRoute(baseURL!, probes, shape)) {
      const problem = answerProblem(answer, ANSWER_MS);
      if (problem) problems.push(`${shape.name}: ${problem}`);
    }
  }
  const { count, max } = await health.stop();
  expect(problems).toEqual([]);
  expect(count, "health checks made meanwhile").toBeGreaterThan(50);
  expect(max, "the slowest /api/health answer meanwhile (ms)").toBeLessThan(HEALTH_MS);
});

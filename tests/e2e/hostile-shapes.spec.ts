import {
  campaignAnswerProblem,
  campaignShapes,
  campaignTemplate,
  estimateLoops,
  importContacts,
  REGULARS,
  sendCampaignShapes,
  sendToAudience,
} from "../support/hostile-campaigns";
import { HOSTILE_SHAPES, answerProblem, planProbes, probePaths, sendToEveryRoute } from "../support/hostile-shapes";

import { expect, test, testClientIp } from "./fixtures";

// One at a time: each floods the server, and the other's pages would wait behind it.
test.describe.configure({ mode: "serial" });

/**
 * The answers to the worst shapes; what they cost (each answer within 2 s, another client's health
 * checks under 200 ms) is judged by `npx tsx bench/hostile-shapes.ts` on a quiet machine, not here.
 * Its own project (playwright.config.ts), after the others, so no other test's pages wait behind its
 * floods. Alone: `npx playwright test --project=hostile-shapes --no-deps`.
 */
test("every form and /api route answers its worst request shapes with a 4xx", async ({ page, login, baseURL }) => {
  test.setTimeout(180_000);
  await login();
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const attacker = testClientIp();
  const paths = probePaths();
  expect(paths.length, "routes with an action or under /api").toBeGreaterThanOrEqual(40);
  const probes = await planProbes(baseURL!, paths, { "X-Forwarded-For": attacker }, { "X-Forwarded-For": attacker, Cookie: cookie });

  const problems: string[] = [];
  for (const shape of HOSTILE_SHAPES) {
    for (const answer of await sendToEveryRoute(baseURL!, probes, shape)) {
      const problem = answerProblem(answer);
      if (problem) problems.push(`${shape.name}: ${problem}`);
    }
  }
  expect(problems).toEqual([]);
});

/** The business's audience for the campaign shapes: enough that a quadratic request would take minutes. */
const AUDIENCE = 4_000;

test("a campaign's worst shapes (long or invisible slot text, too many ids, estimate loops, a Send) are answered as they should be", async ({
  page,
  login,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await login();
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const sender = { base: baseURL!, headers: { "X-Forwarded-For": testClientIp(), Cookie: cookie } };
  await importContacts(sender, AUDIENCE);
  const template = await campaignTemplate(sender);
  // The Send goes to a third of them (every third is a Regular): 2,000 credits bought through the test gateway pay for it.
  await page.goto("/credits");
  await page.getByRole("button", { name: /^Buy 2,000 for/ }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();

  const problems = (await sendCampaignShapes(sender, campaignShapes(template)))
    .map((answer) => campaignAnswerProblem(answer))
    .filter((problem) => problem !== null);
  const loops = await estimateLoops(sender, template, { loops: 4, ms: 5_000 });
  const sent = await sendToAudience(sender, template, { audience: { tags: [REGULARS] }, timeoutMs: 60_000 });
  expect(problems).toEqual([]);
  expect(
    [...loops.keys()].filter((status) => status !== 200 && status !== 429),
    "live count statuses",
  ).toEqual([]);
  expect(sent.messages).toBe(Math.ceil(AUDIENCE / 3));
});

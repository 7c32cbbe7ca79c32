import type { ActionFunctionArgs } from "@remix-run/node";

import { assertSameOrigin } from "./csrf.server";

/**
 * Every HTML form action goes through this: a post from another site is
 * refused before the action runs. (/api actions get the same check in apiRoute.)
 */
export function formAction<Result>(handler: (args: ActionFunctionArgs) => Promise<Result>) {
  return async (args: ActionFunctionArgs): Promise<Result> => {
    assertSameOrigin(args.request);
    return handler(args);
  };
}

import { afterEach } from "vitest";
import { describeOpenPages } from "./harness";

/**
 * When a journey's test fails, what its open pages showed goes to the log beside the error (and a
 * screenshot of each to e2e/screenshots): a timeout alone does not say whether the screen was empty, an
 * error or another screen.
 */
afterEach(async (context) => {
  if (context.task.result?.state !== "fail") return;
  const name = context.task.name.replace(/[^\w-]+/g, "-").slice(0, 60);
  const told = await describeOpenPages(name);
  if (told)
    console.error(`\n--- what the open pages showed when "${context.task.name}" failed ---\n${told}\n`);
});

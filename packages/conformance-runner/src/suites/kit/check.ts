import { sourcesOf } from "../../requirements.js";
import type { CheckInfo } from "../../verdicts.js";

/**
 * The catalogue factory every suite uses: a check named `<suite>/<name>`, what it wants, and the
 * requirement ids (schemas/<protocol>/requirements.json) it tests — its severity follows from them.
 */
export const checkOf =
  (suite: string) =>
  (name: string, requirements: readonly string[], summary: string): CheckInfo => {
    if (requirements.length === 0) throw new Error(`bug: ${suite}/${name} cites no requirement`);
    return {
      code: `${suite}/${name}`,
      name: `${suite}/${name}`,
      meaning: summary,
      summary,
      requirements,
      cites: sourcesOf(requirements),
    };
  };

import type { CodeDescription } from "@keel/diagnostics";
import { caseTrialCodes } from "./case-trial.js";
import { eventCodes } from "./event.js";
import { responseCodes } from "./response.js";

/** Every code mira's semantic rules report, each described in the file of the rule that emits it. */
export const miraCodes: readonly CodeDescription[] = [...caseTrialCodes, ...eventCodes, ...responseCodes];

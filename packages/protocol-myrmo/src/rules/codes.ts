import type { CodeDescription } from "@keel/diagnostics";
import { bodySizeCodes } from "./body-size.js";
import { codePatchesCodes } from "./code-patches.js";

/** Every code myrmo's semantic rules report, each described in the file of the rule that emits it. */
export const myrmoCodes: readonly CodeDescription[] = [...bodySizeCodes, ...codePatchesCodes];

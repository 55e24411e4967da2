import type { CodeDescription } from "@keel/diagnostics";
import { cliErrorCodes } from "./cli-error.js";
import { commandArgvCodes } from "./command-argv.js";
import { maxUtf8BytesCodes } from "./max-utf8-bytes.js";
import { requiredForActionCodes } from "./required-for-action.js";
import { versionUrlCodes } from "./version-url.js";

/** Every code slipway's semantic rules report, each described in the file of the rule that emits it. */
export const slipwayCodes: readonly CodeDescription[] = [
  ...cliErrorCodes,
  ...commandArgvCodes,
  ...maxUtf8BytesCodes,
  ...requiredForActionCodes,
  ...versionUrlCodes,
];

import type { CodeDescription } from "@keel/diagnostics";
import { runCodes } from "../lint/run-codes.js";
import { documentCodes } from "./document-codes.js";

/** Every code myloop's rules report: the JSON documents' rules, then the run directory's. */
export const myloopCodes: readonly CodeDescription[] = [...documentCodes, ...runCodes];

// The engine's public API. cli's `keel validate` needs validateFiles; a suite checking one body at a time
// (the conformance runner) builds a Check once and runs checkOne per document.
export type { Check } from "./check/check-file.js";
export { checkOne } from "./check/check-file.js";
export type { DocumentResult, FileResult } from "./check/file-result.js";
export { strictly } from "./check/file-result.js";
export type { CheckSettings } from "./check/make-check.js";
export { makeCheck } from "./check/make-check.js";
export type { ProtocolModule } from "./check/protocols.js";
export { checkDocument, loadProtocol } from "./check/protocols.js";
export { validateCodes } from "./codes.js";
export {
  DEFAULT_MAX_DOCUMENT_BYTES,
  formatBytes,
  MIN_DOCUMENT_BYTES,
  parseBytes,
} from "./input/limits.js";
export type { RawDocument, StdinFormat } from "./input/raw-document.js";
export type { ValidateOptions, ValidateRun } from "./validate-files.js";
export { validateFiles } from "./validate-files.js";
export type { LineFinding, ValidateLinesOptions } from "./validate-lines.js";
export { validateLines } from "./validate-lines.js";

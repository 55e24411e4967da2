// The engine's public API. cli's `keel validate` needs validateFiles; a suite checking one body at a time
// (the conformance runner) builds a Check once and runs checkOne per document.
export type { Check, DocumentResult, FileResult } from "./check-file.js";
export { checkOne } from "./check-file.js";
export type { CheckSettings } from "./make-check.js";
export { makeCheck } from "./make-check.js";
export type { ProtocolModule } from "./protocols.js";
export { checkDocument, loadProtocol } from "./protocols.js";
export type { RawDocument, StdinFormat } from "./raw-document.js";
export type { ValidateOptions, ValidateRun } from "./validate-files.js";
export { validateFiles } from "./validate-files.js";

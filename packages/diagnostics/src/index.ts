export type { At, Code, ParamsOf } from "./catalogue.js";
export { catalogue, finding, schemaKeywordCode } from "./catalogue.js";
export { KeelError, UsageError } from "./errors.js";
export { ExitCode } from "./exit-codes.js";
export type { FileFinding, Finding, Severity } from "./finding.js";
export { hasErrors } from "./finding.js";
export type { LineColumn } from "./location.js";
export { formatLocation, lineColumnAt } from "./location.js";

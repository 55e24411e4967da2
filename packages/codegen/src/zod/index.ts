export type { ZodModuleOptions } from "./generate.js";
export { generateZodModule } from "./generate.js";
export type { KnownDifference } from "./known-differences.js";
export { coversCase, KNOWN_DIFFERENCES } from "./known-differences.js";

export type { ZodModuleOptions } from "./generate.js";
export { generateZodModule } from "./generate.js";
export type { KnownDifference } from "./known-differences.js";
export { coversCase, knownDifferences } from "./known-differences.js";

// What generated `zod.gen.ts` modules import: each export reproduces what ajv (with ajv-formats) does for one
// JSON Schema keyword, or runs the module's schemas faster with the same verdicts.
export { compileOnUse } from "./compile-on-use.js";
export { ajvFormat, isDate, isDateTime, isTime, isUri } from "./formats.js";
export { anyOf, type Guard, oneOf } from "./guarded-union.js";
export {
  countMatching,
  extraKeysOk,
  isMultipleOf,
  isObject,
  isUnique,
  itemsFrom,
  jsonEqual,
} from "./json.js";
export { alsoMatches, holds, integer, rule } from "./rule.js";
export { codePoints, maxChars, minChars } from "./strings.js";

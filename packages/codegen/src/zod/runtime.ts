/**
 * Helpers a generated module may call, inlined into it (only those it uses) so a protocol package
 * depends on zod alone (and ajv-formats for the formats keel has no helper of its own for: `AJV_FORMATS_IMPORT`). Each one reproduces what ajv (with ajv-formats) does for one keyword.
 */
interface Helper {
  uses: string[];
  code: string;
}

const HELPERS: Record<string, Helper> = {
  rule: {
    uses: [],
    code: `/** A check reporting \`message\` for the JSON Schema \`keyword\` when \`ok\` fails; skipped once the value already failed. */
function rule<T>(keyword: string, message: string, ok: (value: T) => boolean): z.core.CheckFn<T> {
  return (ctx) => {
    if (ctx.issues.length === 0 && !ok(ctx.value))
      ctx.issues.push({ code: "custom", message, input: ctx.value, params: { keyword } });
  };
}`,
  },
  holds: {
    uses: [],
    code: `/** Whether \`value\` satisfies \`schema\` (a subschema applied in place, as allOf/not/if do); runs it without building a ZodError. */
function holds(schema: z.ZodType, value: unknown): boolean {
  const result = schema._zod.run({ value, issues: [] }, { async: false });
  if (result instanceof Promise) throw new Error("keel: zod schemas here are synchronous");
  return result.issues.length === 0;
}`,
  },
  alsoMatches: {
    uses: [],
    code: `/** An allOf branch checked in place is still part of the value's type: joined into what zod infers (types only). */
function alsoMatches<T>(): <S extends z.ZodType>(schema: S) => z.ZodType<z.output<S> & T, z.input<S>> {
  return (schema) => schema as never;
}`,
  },
  guardedUnion: {
    uses: [],
    code: `/** A union branch's cheap necessary condition (its type, required keys, const/enum tags); undefined: none known. */
type Guard = ((value: unknown) => boolean) | undefined;
interface GuardedUnionDef extends z.core.$ZodUnionDef {
  guards: readonly Guard[];
}
/**
 * zod's union (anyOf) or xor (oneOf, inclusive: false) that runs only the branches whose guard admits the
 * value and answers at once when that settles it; otherwise it runs every branch as zod does, so a
 * failure carries zod's own issues.
 */
const GuardedUnion = z.core.$constructor<z.ZodUnion, GuardedUnionDef>("KeelGuardedUnion", (inst, def) => {
  if (def.inclusive === false) z.ZodXor.init(inst as unknown as z.ZodXor, def);
  else z.ZodUnion.init(inst, def);
  const full = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    let match: z.core.ParsePayload | undefined;
    for (let i = 0; i < def.options.length; i++) {
      if (def.guards[i]?.(payload.value) === false) continue;
      const result = (def.options[i] as z.core.$ZodType)._zod.run({ value: payload.value, issues: [] }, ctx);
      if (result instanceof Promise) return full(payload, ctx);
      if (result.issues.length > 0) continue;
      if (def.inclusive !== false) {
        payload.value = result.value;
        return payload;
      }
      if (match !== undefined) return full(payload, ctx);
      match = result;
    }
    if (match === undefined) return full(payload, ctx);
    payload.value = match.value;
    return payload;
  };
});
/** anyOf: z.union(options), skipping the branches whose guard refuses the value. */
function anyOf<const T extends readonly z.core.SomeType[]>(options: T, guards: readonly Guard[]): z.ZodUnion<T> {
  const branches = options as unknown as readonly z.core.$ZodType[];
  return new GuardedUnion({ type: "union", options: branches, guards }) as unknown as z.ZodUnion<T>;
}
/** oneOf: z.xor(options), skipping the branches whose guard refuses the value. */
function oneOf<const T extends readonly z.core.SomeType[]>(options: T, guards: readonly Guard[]): z.ZodXor<T> {
  const branches = options as unknown as readonly z.core.$ZodType[];
  return new GuardedUnion({ type: "union", options: branches, inclusive: false, guards }) as unknown as z.ZodXor<T>;
}`,
  },
  compileOnUse: {
    uses: [],
    code: `/**
 * zod's own compiler (z.compile) for each of \`schemas\`, from the first time it runs: generated code for the
 * values it accepts, zod's runtime (the same verdict, the same issues) for any value it refuses. This is
 * zod's "zod/compile" mode for this module's schemas only; nothing compiles at load, and a schema
 * z.compile cannot model (one in a recursion cycle) keeps the runtime.
 */
function compileOnUse(schemas: readonly z.ZodType[]): void {
  // zod marks a parse its compiled code handed back to the runtime (to report issues): no compiling there
  const fallback = Symbol.for("zod.compile.fallback");
  // a definition may be another's alias: wrap each instance once
  for (const schema of new Set(schemas)) {
    const runtime = schema._zod.run;
    schema._zod.run = (payload, ctx) => {
      if (ctx?.async || ctx?.direction === "backward" || ctx?.skipChecks || (ctx as Record<symbol, unknown>)?.[fallback])
        return runtime(payload, ctx);
      // z.compile falls back to the run it finds on the schema: the runtime, never this wrapper
      schema._zod.run = runtime;
      schema._zod.run = z.compile(schema)._zod.run;
      return schema._zod.run(payload, ctx);
    };
  }
}`,
  },
  isObject: {
    uses: [],
    code: `/** A JSON object: not null, not an array. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}`,
  },
  itemsFrom: {
    uses: [],
    code: `/** Whether every item from index \`start\` on passes \`test\` (items after prefixItems). */
function itemsFrom(items: readonly unknown[], start: number, test: (item: unknown) => boolean): boolean {
  for (let i = start; i < items.length; i++) if (!test(items[i])) return false;
  return true;
}`,
  },
  codePoints: {
    uses: [],
    code: `/** String length in code points, as JSON Schema counts it (an astral character is one, not two UTF-16 units). */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++, count++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return count;
}`,
  },
  integer: {
    uses: ["rule"],
    code: `/** type "integer": any whole number, as ajv counts (zod's z.int() stops at 2^53). */
const integer = rule<number>("type", "expected an integer", Number.isInteger);`,
  },
  minChars: {
    uses: ["rule", "codePoints"],
    code: `/** minLength, counted in code points (only when the UTF-16 length leaves it open: a code point is one or two units). */
function minChars(limit: number): z.core.CheckFn<string> {
  const unit = limit === 1 ? "character" : "characters";
  return rule("minLength", \`expected at least \${limit} \${unit} (code points)\`, (v: string) => v.length >= 2 * limit || codePoints(v) >= limit);
}`,
  },
  maxChars: {
    uses: ["rule", "codePoints"],
    code: `/** maxLength, counted in code points (only when the UTF-16 length leaves it open). */
function maxChars(limit: number): z.core.CheckFn<string> {
  const unit = limit === 1 ? "character" : "characters";
  return rule("maxLength", \`expected at most \${limit} \${unit} (code points)\`, (v: string) => v.length <= limit || codePoints(v) <= limit);
}`,
  },
  isMultipleOf: {
    uses: [],
    code: `/** ajv's multipleOf test, float quirks included. */
function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  return quotient === Number.parseInt(String(quotient), 10);
}`,
  },
  jsonEqual: {
    uses: [],
    code: `/** Deep equality of JSON values, as const, enum and uniqueItems compare them. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const ka = Object.keys(a);
  const rb = b as Record<string, unknown>;
  return (
    ka.length === Object.keys(b).length &&
    ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], rb[k]))
  );
}`,
  },
  isUnique: {
    uses: ["jsonEqual"],
    code: `/** No two items deep-equal (uniqueItems). */
function isUnique(items: readonly unknown[]): boolean {
  for (let i = 1; i < items.length; i++) for (let j = 0; j < i; j++) if (jsonEqual(items[i], items[j])) return false;
  return true;
}`,
  },
  countMatching: {
    uses: ["holds"],
    code: `/** How many items satisfy \`schema\` (contains, minContains, maxContains). */
function countMatching(items: readonly unknown[], schema: z.ZodType): number {
  let count = 0;
  for (const item of items) if (holds(schema, item)) count++;
  return count;
}`,
  },
  extraKeysOk: {
    uses: ["holds"],
    code: `/** patternProperties and additionalProperties: every key not in \`known\` satisfies each matching pattern's schema, else \`rest\`. */
function extraKeysOk(
  value: object,
  known: readonly string[],
  patterns: readonly (readonly [RegExp, z.ZodType])[],
  rest: z.ZodType | undefined,
): boolean {
  for (const [key, item] of Object.entries(value)) {
    let matched = false;
    for (const [pattern, schema] of patterns) {
      if (!pattern.test(key)) continue;
      matched = true;
      if (!holds(schema, item)) return false;
    }
    if (!matched && !known.includes(key) && rest !== undefined && !holds(rest, item)) return false;
  }
  return true;
}`,
  },
  isDate: {
    uses: [],
    code: `const DATE = /^(\\d\\d\\d\\d)-(\\d\\d)-(\\d\\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** format "date" as ajv-formats (full) checks it: RFC 3339 full-date, real calendar days. */
function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : (DAYS[month] ?? 0));
}`,
  },
  isTime: {
    uses: [],
    code: `const TIME = /^(\\d\\d):(\\d\\d):(\\d\\d(?:\\.\\d+)?)(z|([+-])(\\d\\d)(?::?(\\d\\d))?)?$/i;
/** format "time" as ajv-formats (full) checks it: offset required, a leap second only at 23:59:60 UTC. */
function isTime(text: string): boolean {
  const m = TIME.exec(text);
  if (m === null) return false;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = Number(m[3]);
  const sign = m[5] === "-" ? -1 : 1;
  const tzHour = Number(m[6] ?? 0);
  const tzMinute = Number(m[7] ?? 0);
  if (tzHour > 23 || tzMinute > 59 || m[4] === undefined) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  const utcMinute = minute - tzMinute * sign;
  const utcHour = hour - tzHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}`,
  },
  isDateTime: {
    uses: ["isDate", "isTime"],
    code: `/** format "date-time" as ajv-formats (full) checks it: date, "T"/"t"/space, time with offset. */
function isDateTime(text: string): boolean {
  const parts = text.split(/t|\\s/i);
  return parts.length === 2 && isDate(parts[0] ?? "") && isTime(parts[1] ?? "");
}`,
  },
  isUri: {
    uses: [],
    code: `const URI =
  /^(?:[a-z][a-z0-9+\\-.]*:)(?:\\/?\\/(?:(?:[a-z0-9\\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)\\.){3}(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\\.[a-z0-9\\-._~!$&'()*+,;=:]+)\\]|(?:(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)\\.){3}(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)|(?:[a-z0-9\\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\\d*)?(?:\\/(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\\/(?:(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\\/(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\\/(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\\?(?:[a-z0-9\\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
/** format "uri" as ajv-formats (full) checks it: an absolute URI (RFC 3986) holding a "/" or ":". */
function isUri(text: string): boolean {
  return /\\/|:/.test(text) && URI.test(text);
}`,
  },
  ajvFormat: {
    uses: [],
    code: `/** \`format\` as ajv-formats (full) checks it, with its own definition: a RegExp, a function, \`{ type, validate }\` or true. */
function ajvFormat(name: string, value: string | number): boolean {
  const format: unknown = (fullFormats as Record<string, unknown>)[name];
  const test = typeof format === "object" && format !== null && !(format instanceof RegExp) ? (format as { validate: unknown }).validate : format;
  if (test instanceof RegExp) return test.test(String(value));
  return typeof test === "function" ? Boolean(test(value)) : test === true;
}`,
  },
};

/** The source of the named helpers and everything they use, in a fixed order (so output is deterministic). */
export function helperSource(used: ReadonlySet<string>): string {
  const needed = new Set<string>();
  const add = (name: string): void => {
    const helper = HELPERS[name];
    if (helper === undefined) throw new Error(`unknown zod runtime helper ${name}`);
    if (needed.has(name)) return;
    needed.add(name);
    for (const dep of helper.uses) add(dep);
  };
  for (const name of used) add(name);
  return Object.keys(HELPERS)
    .filter((name) => needed.has(name))
    .map((name) => (HELPERS[name] as Helper).code)
    .join("\n\n");
}

/** The import the `ajvFormat` helper needs (ajv-formats is CommonJS; Node's ESM loader sees its named exports). */
export const AJV_FORMATS_IMPORT = {
  moduleSpecifier: "ajv-formats/dist/formats.js",
  namedImports: ["fullFormats"],
};

/**
 * One-fault variants of a valid document, for comparing zod's verdict with ajv's: every key removed, an
 * unknown key added, every value swapped for other types, strings and arrays at (and one past) the bounds
 * ajv reports for that spot, in astral characters (one code point, two UTF-16 units), every allowed enum
 * and const value, format edge cases. Whether a variant is valid does not matter: both engines must agree.
 */
import { joinPointer } from "@keel/schema-model";
import type { ErrorObject } from "ajv";

export interface Mutation {
  id: string;
  value: unknown;
}

/** ajv's errors for a whole document (empty when valid), with `parentSchema` (ajv's `verbose`). */
export type Probe = (doc: unknown) => readonly ErrorObject[];

type Path = (string | number)[];

const ASTRAL = "\u{1F600}";
const SAMPLES_PER_SHAPE = 3;
const DATE_TIMES = [
  "2016-12-31T23:59:60Z",
  "2016-12-31T22:59:60Z",
  "2016-12-31T23:59:60+01:00",
  "2016-12-31t23:59:59z",
  "2016-12-31 23:59:59Z",
  "2016-02-30T00:00:00Z",
  "2024-02-29T00:00:00.123456+05:30",
  "2024-02-29T00:00:00",
  "2024-13-01T00:00:00Z",
];
const URIS = [
  "urn:isbn:0451450523",
  "HTTPS://EXAMPLE.COM/a%20b",
  "relative/path",
  "http://[::1]:80/",
  "http://a b",
  "mailto:x@y",
];
const STRINGS = ["", " ", "x", "<placeholder>", ASTRAL, "a\nb"];
const OTHER_TYPES: [string, unknown][] = [
  ["string", "x"],
  ["integer", 1],
  ["fraction", 1.5],
  ["boolean", true],
  ["null", null],
  ["object", {}],
  ["array", []],
];

export function mutations(doc: unknown, probe: Probe, seenShapes: Map<string, number>): Mutation[] {
  const out: Mutation[] = [];
  const add = (path: Path, label: string, value: unknown) =>
    out.push({ id: `${pointerOf(path)} ${label}`, value });
  for (const { path, value } of nodes(doc)) {
    const set = (label: string, v: unknown) => add(path, label, replaceAt(doc, path, v));
    // a value of the wrong type makes every subschema that judges this spot report, with its keywords
    const wrong = typeof value === "string" ? 0 : "\u0000keel";
    const at = pointerOf(path);
    const judges = probe(replaceAt(doc, path, wrong))
      .filter((e) => e.instancePath === at && typeof e.parentSchema === "object")
      .map((e) => e.parentSchema as Record<string, unknown>);
    const limits = (keyword: string): number[] => [
      ...new Set(judges.map((j) => j[keyword]).filter((l): l is number => typeof l === "number")),
    ];
    // every allowed value everywhere (they steer oneOf, if/then and contains); the rest once per shape
    for (const j of judges) {
      if (Array.isArray(j.enum)) for (const v of j.enum) set(`enum ${JSON.stringify(v)}`, v);
      if ("const" in j) set(`const ${JSON.stringify(j.const)}`, j.const);
    }
    const shape = pointerOf(path.map((t) => (typeof t === "number" ? "*" : t)));
    const seen = seenShapes.get(shape) ?? 0;
    if (seen >= SAMPLES_PER_SHAPE) continue;
    seenShapes.set(shape, seen + 1);
    for (const [name, v] of OTHER_TYPES) if (typeOf(v) !== typeOf(value)) set(`as ${name}`, v);
    if (typeof value === "string") strings(value, set, limits);
    else if (typeof value === "number") numbers(value, set, limits);
    else if (Array.isArray(value)) arrays(path, value, set, limits, add, doc);
    else if (typeof value === "boolean") set("negated", !value);
    else if (value !== null && typeof value === "object") {
      for (const key of Object.keys(value)) add([...path, key], "removed", removeAt(doc, [...path, key]));
      set("unknown key", { ...(value as object), keel_unknown_key: true });
      set("unknown odd key", { ...(value as object), "Keel key!": 1 });
      set("emptied", {});
      // JSON.parse makes "__proto__" an ordinary own key; objects rebuilt by assignment lose it
      set(
        "__proto__ key",
        JSON.parse(`{"__proto__": 1, ${JSON.stringify(value).slice(1)}`.replace(/, }$/, "}")),
      );
    }
  }
  return out;
}

type Set = (label: string, v: unknown) => void;
type Limits = (keyword: string) => number[];

function strings(value: string, set: Set, limits: Limits): void {
  for (const s of STRINGS) if (s !== value) set(`string ${JSON.stringify(s)}`, s);
  set("astral appended", value + ASTRAL);
  set("space prefixed", ` ${value}`);
  if (/^\d{4}-\d\d-\d\d[tT ]/.test(value)) for (const s of DATE_TIMES) set(`date-time ${s}`, s);
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) for (const s of URIS) set(`uri ${s}`, s);
  const points = [...value];
  const sized = (n: number) =>
    points.length >= n ? points.slice(0, n).join("") : value + ASTRAL.repeat(n - points.length);
  for (const limit of limits("maxLength")) {
    for (const n of [limit, limit + 1]) {
      set(`astral length ${n}`, ASTRAL.repeat(n));
      set(`padded length ${n}`, sized(n));
    }
  }
  for (const limit of limits("minLength")) {
    for (const n of [limit - 1, limit]) {
      if (n < 0) continue;
      set(`astral length ${n}`, ASTRAL.repeat(n));
      set(`cut length ${n}`, sized(n));
    }
  }
}

function numbers(value: number, set: Set, limits: Limits): void {
  for (const [label, v] of [
    ["+1", value + 1],
    ["-1", value - 1],
    ["+0.5", value + 0.5],
    ["negated", -value - 1],
    ["zero", 0],
    ["2^53+2", 2 ** 53 + 2],
    ["1e21", 1e21],
  ] as const)
    set(`number ${label}`, v);
  for (const keyword of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
    for (const limit of limits(keyword)) {
      for (const d of [-1, -0.5, 0, 0.5, 1]) set(`${keyword} ${limit}${d < 0 ? "" : "+"}${d}`, limit + d);
    }
  }
}

function arrays(
  path: Path,
  value: unknown[],
  set: Set,
  limits: Limits,
  add: (p: Path, l: string, v: unknown) => void,
  doc: unknown,
): void {
  if (value.length > 0) {
    add([...path, 0], "removed", removeAt(doc, [...path, 0]));
    set("last repeated", [...value, value[value.length - 1]]);
  }
  const sized = (n: number) =>
    n <= value.length
      ? value.slice(0, n)
      : [
          ...value,
          ...Array.from({ length: n - value.length }, (_, i) => value[i % Math.max(value.length, 1)] ?? null),
        ];
  for (const limit of limits("minItems"))
    for (const n of [limit - 1, limit]) if (n >= 0) set(`items ${n}`, sized(n));
  for (const limit of limits("maxItems")) for (const n of [limit, limit + 1]) set(`items ${n}`, sized(n));
}

function* nodes(value: unknown, path: Path = []): Generator<{ path: Path; value: unknown }> {
  yield { path, value };
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* nodes(v, [...path, i]);
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) yield* nodes(v, [...path, k]);
}

const typeOf = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v;

export const pointerOf = (path: Path): string => joinPointer("", ...path);

function replaceAt(doc: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let node = copy;
  for (const t of path.slice(0, -1)) node = node[t] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
  return copy;
}

function removeAt(doc: unknown, path: Path): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let node = copy;
  for (const t of path.slice(0, -1)) node = node[t] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(node)) node.splice(last as number, 1);
  else delete node[last];
  return copy;
}

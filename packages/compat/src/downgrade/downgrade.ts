import { type Finding, finding } from "@keel/diagnostics";
import {
  fragmentToPointer,
  getAtPointer,
  joinPointer,
  type SchemaSet,
  splitPointer,
  type VersionField,
} from "@keel/schema-model";
import { canonical, show } from "../canonical.js";
import { CompatError } from "../errors.js";
import { nodeAt, type SchemaNode } from "../node.js";
import { fileFor } from "../version-field.js";
import { typeFits } from "./match.js";
import { applicable, itemNodes, ObjectShape } from "./shape.js";

/** One thing a downgrade did to the document. */
export interface DowngradeChange {
  action: "stripped" | "filled" | "version-set";
  /** JSON Pointer into the document */
  pointer: string;
  detail: string;
}

export interface DowngradeResult {
  document: unknown;
  changes: DowngradeChange[];
  /** what it could not do: the result then does not validate against the older version */
  problems: Finding[];
}

/** Asked for a required property the document lacks; returns its value, or undefined to fall back. */
export interface FillRequest {
  /** pointer of the object missing the property */
  pointer: string;
  property: string;
  /** the object as it was in the newer document (before stripping), e.g. to project a trajectory */
  original: Record<string, unknown>;
  older: SchemaNode | undefined;
  newer: SchemaNode | undefined;
}

export interface DowngradeOptions {
  /** registry document type name and its entry point ({schema, pointer}) */
  documentType: string;
  entryPoint: { schema: string; pointer: string };
  /** the version value to write (default: the older set's version through the field's valueTemplate) */
  versionValue?: string;
  /** protocol-specific projection for required properties; the newer schema's default is used otherwise */
  fill?: (request: FillRequest) => unknown;
}

/**
 * Rewrite a document of the newer version so the older one accepts it: strip what the older version
 * does not know (properties its closed objects reject, properties only the newer version names), drop
 * nulls where the older version wants the property absent, fill properties the older version requires
 * (a protocol filler, else the newer version's default), and write the older version into the version
 * field. Walks the document with both schemas, through arrays, $refs, nullables and recursion.
 */
export function downgrade(
  document: unknown,
  newer: SchemaSet,
  older: SchemaSet,
  versionField: VersionField | null,
  options: DowngradeOptions,
): DowngradeResult {
  const changes: DowngradeChange[] = [];
  const problems: Finding[] = [];
  const versionPointers = versionField?.documentTypes.includes(options.documentType)
    ? [versionField.pointer, ...(versionField.nestedPointers ?? [])].flatMap((p) => expand(document, p))
    : [];
  const template = versionField?.valueTemplate ?? "{version}";
  const version = options.versionValue ?? template.replace("{version}", older.version);
  const root = (set: SchemaSet) => {
    const file = fileFor(set, options.entryPoint.schema);
    if (file === undefined)
      throw new CompatError(
        "compat/no-schema",
        `expected ${set.protocol} ${set.version} to have ${options.entryPoint.schema}`,
      );
    const pointer = fragmentToPointer(options.entryPoint.pointer);
    return nodeAt(set, file, pointer, getAtPointer(file.schema, pointer));
  };

  const walk = (value: unknown, n: SchemaNode[], o: SchemaNode[], at: string): unknown => {
    if (o.length === 0) return value;
    const olds = o.flatMap((x) => applicable(value, x));
    const news = n.flatMap((x) => applicable(value, x));
    if (!checkType(value, olds, at)) return value;
    if (Array.isArray(value))
      return value.map((v, i) => walk(v, itemNodes(news, i), itemNodes(olds, i), joinPointer(at, i)));
    if (value !== null && typeof value === "object")
      return walkObject(value as Record<string, unknown>, news, olds, at);
    checkValue(value, olds, at);
    return value;
  };

  const walkObject = (obj: Record<string, unknown>, news: SchemaNode[], olds: SchemaNode[], at: string) => {
    const oldShape = new ObjectShape(olds);
    const newShape = new ObjectShape(news);
    const required = new Set(oldShape.required);
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(obj)) {
      const here = joinPointer(at, key);
      const o = oldShape.property(key);
      if (o.length === 0) {
        if (oldShape.closed || newShape.property(key).length > 0) {
          changes.push({
            action: "stripped",
            pointer: here,
            detail: `${older.version} does not know "${key}"`,
          });
          continue;
        }
        out[key] = walk(v, newShape.additional(), oldShape.additional(), here);
        continue;
      }
      if (v === null && !required.has(key) && !o.every(allowsNull)) {
        changes.push({
          action: "stripped",
          pointer: here,
          detail: `${older.version} has no null for "${key}"; absent instead`,
        });
        continue;
      }
      out[key] = walk(v, newShape.property(key), o, here);
    }
    for (const key of required) {
      if (Object.hasOwn(out, key)) continue;
      const [o] = oldShape.property(key);
      const [n] = newShape.property(key);
      const request: FillRequest = { pointer: at, property: key, original: obj, older: o, newer: n };
      const value = options.fill?.(request) ?? defaultOf(n) ?? defaultOf(o);
      if (value === undefined) {
        problems.push(
          finding(
            "downgrade/cannot-fill",
            { property: key, version: older.version },
            { pointer: joinPointer(at, key) },
          ),
        );
        continue;
      }
      out[key] = walk(
        structuredClone(value),
        newShape.property(key),
        oldShape.property(key),
        joinPointer(at, key),
      );
      changes.push({ action: "filled", pointer: joinPointer(at, key), detail: `filled with ${show(value)}` });
    }
    return out;
  };

  /** A JSON type no applicable older schema allows cannot be downgraded: report it, leave the value. */
  const checkType = (value: unknown, olds: SchemaNode[], at: string): boolean => {
    for (const o of olds) {
      if (typeFits(value, o)) continue;
      const t = o.schema.type;
      const allowed = `type ${(Array.isArray(t) ? t : [t]).map(String).join(" | ")}`;
      problems.push(
        finding(
          "downgrade/unknown-value",
          { value: show(value), version: older.version, allowed },
          { pointer: at },
        ),
      );
      return false;
    }
    return true;
  };

  const checkValue = (value: unknown, olds: SchemaNode[], at: string) => {
    if (versionPointers.includes(at)) return;
    for (const o of olds) {
      const allowed = Object.hasOwn(o.schema, "const") ? [o.schema.const] : o.schema.enum;
      const pattern = o.schema.pattern;
      let list: string | undefined;
      if (Array.isArray(allowed) && !allowed.some((x) => canonical(x) === canonical(value)))
        list = allowed.map((x) => show(x)).join(", ");
      else if (
        typeof pattern === "string" &&
        typeof value === "string" &&
        !new RegExp(pattern, "u").test(value)
      )
        list = `strings matching ${pattern}`;
      if (list === undefined) continue;
      problems.push(
        finding(
          "downgrade/unknown-value",
          { value: show(value), version: older.version, allowed: list },
          { pointer: at },
        ),
      );
      return;
    }
  };

  const result = walk(document, [root(newer)], [root(older)], "");
  for (const pointer of versionPointers) {
    const tokens = splitPointer(pointer);
    const key = tokens.pop() as string;
    const parent = getAtPointer(result, joinPointer("", ...tokens));
    if (parent === null || typeof parent !== "object" || !Object.hasOwn(parent, key)) continue;
    const record = parent as Record<string, unknown>;
    const value =
      typeof record[key] === "number" && Number.isFinite(Number(version)) ? Number(version) : version;
    if (record[key] === value) continue;
    changes.push({ action: "version-set", pointer, detail: `version ${show(record[key])} → ${show(value)}` });
    record[key] = value;
  }
  return { document: result, changes, problems };
}

const allowsNull = (n: SchemaNode): boolean => {
  const t = n.schema.type;
  return n.nullable || t === undefined || t === "null" || (Array.isArray(t) && t.includes("null"));
};

const defaultOf = (n: SchemaNode | undefined): unknown =>
  n !== undefined && Object.hasOwn(n.schema, "default") ? n.schema.default : undefined;

/** "/steps/*\/x" over a document: every concrete pointer it names. */
function expand(doc: unknown, pointer: string): string[] {
  let found: Array<[string, unknown]> = [["", doc]];
  const tokens = splitPointer(pointer);
  tokens.forEach((token, i) => {
    const last = i === tokens.length - 1;
    found = found.flatMap(([at, v]) => {
      if (token === "*")
        return Array.isArray(v) ? v.map((x, j): [string, unknown] => [joinPointer(at, j), x]) : [];
      if (v === null || typeof v !== "object" || (!last && !Object.hasOwn(v, token))) return [];
      return [[joinPointer(at, token), (v as Record<string, unknown>)[token]]];
    });
  });
  return found.map(([at]) => at);
}

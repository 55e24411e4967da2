import { isRecord } from "@keel/diagnostics";

/** A JSON object as a suite reads it from an implementation. */
export type Obj = Record<string, unknown>;

/** `v` when it is an object, else undefined. */
export const obj = (v: unknown): Obj | undefined => (isRecord(v) ? v : undefined);

/** A value as a message quotes it: JSON, "absent" for undefined, cut at 300 characters. */
export const json = (v: unknown): string => {
  const text = v === undefined ? "absent" : JSON.stringify(v);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

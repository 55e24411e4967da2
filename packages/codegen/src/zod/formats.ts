import { fullFormats } from "ajv-formats/dist/formats.js";

/**
 * How the zod emitter checks a `format`: the formats keel's schemas used first keep hand-written helpers
 * (`@keel/zod-runtime`, proven equal to ajv-formats by test); every other format ajv-formats knows is checked by
 * calling ajv-formats' own definition at run time (`ajvFormat`), so its semantics (regular expression
 * flags, number formats, always-valid `password`/`binary`) are ajv's by construction.
 */
export interface FormatCheck {
  /** the family of values the format judges (ajv skips the others) */
  family: "string" | "number";
  /** the runtime helper the test calls, if any */
  helper?: string;
  /** the boolean test of the value `v` */
  test: string;
  /** what a valid value is, for the message */
  what: string;
}

const HAND_WRITTEN: Record<string, { helper?: string; test: string; what: string }> = {
  "date-time": { helper: "isDateTime", test: "isDateTime(v)", what: "an RFC 3339 date-time" },
  date: { helper: "isDate", test: "isDate(v)", what: "an RFC 3339 date" },
  time: { helper: "isTime", test: "isTime(v)", what: "an RFC 3339 time with offset" },
  uri: { helper: "isUri", test: "isUri(v)", what: "an absolute URI" },
  uuid: {
    test: `${/^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i}.test(v)`,
    what: "a UUID",
  },
};

const WHAT: Record<string, string> = {
  "iso-time": "an ISO 8601 time",
  "iso-date-time": "an ISO 8601 date-time",
  duration: "an RFC 3339 duration",
  "uri-reference": "a URI reference",
  "uri-template": "an RFC 6570 URI template",
  url: "a URL",
  email: "an email address",
  hostname: "a host name",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  regex: "a regular expression",
  "json-pointer": "a JSON Pointer",
  "json-pointer-uri-fragment": "a JSON Pointer URI fragment",
  "relative-json-pointer": "a relative JSON Pointer",
  byte: "base64 text",
  int32: "a signed 32-bit integer",
  int64: "a signed 64-bit integer",
  float: "a float",
  double: "a double",
};

/** The check for format `name`, undefined when ajv-formats does not know it (a schema error, not a crash). */
export function formatCheck(name: string): FormatCheck | undefined {
  if (!Object.hasOwn(fullFormats, name)) return undefined;
  const own = HAND_WRITTEN[name];
  if (own !== undefined) return { family: "string", ...own };
  const def = fullFormats[name as keyof typeof fullFormats] as unknown;
  const family = typeof def === "object" && def !== null && (def as { type?: string }).type === "number";
  return {
    family: family ? "number" : "string",
    helper: "ajvFormat",
    test: `ajvFormat(fullFormats, ${JSON.stringify(name)}, v)`,
    what: WHAT[name] ?? `format ${name}`,
  };
}

/** Every format the zod emitter supports: exactly ajv-formats' list. */
export const supportedFormats = (): string[] => Object.keys(fullFormats);

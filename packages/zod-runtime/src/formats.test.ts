import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, test } from "vitest";
import { ajvFormat, isDate, isDateTime, isTime, isUri } from "./formats.js";

// The hand-written formats against ajv-formats' own definitions, on values of both verdicts.
const cases: [string, (text: string) => boolean, string[]][] = [
  ["date", isDate, ["2024-02-29", "2023-02-29", "2024-1-01", "2024-13-01", "2024-04-31", "0000-01-01"]],
  [
    "time",
    isTime,
    ["23:59:60Z", "12:00:00", "12:00:00+02:00", "23:59:60+01:00", "00:59:60+01:00", "24:00:00Z"],
  ],
  [
    "date-time",
    isDateTime,
    [
      "2016-12-31T23:59:60Z",
      "2016-12-31T22:59:60Z",
      "2016-12-31t23:59:59z",
      "2016-12-31 23:59:59Z",
      "2016-02-30T00:00:00Z",
      "2024-02-29T00:00:00.5+05:30",
      "2024-02-29T00:00:00",
    ],
  ],
  [
    "uri",
    isUri,
    [
      "https://example.com/a?b#c",
      "HTTPS://EXAMPLE.COM",
      "urn:isbn:0451450523",
      "relative/path",
      "http://a b",
      "x:",
    ],
  ],
];

describe("hand-written formats give ajv-formats' verdict", () => {
  test.each(cases)("%s", (name, own, values) => {
    const theirs = fullFormats[name as keyof typeof fullFormats] as unknown;
    const check = (v: string): boolean =>
      theirs instanceof RegExp
        ? theirs.test(v)
        : typeof theirs === "function"
          ? Boolean(theirs(v))
          : Boolean((theirs as { validate: (v: string) => boolean }).validate(v));
    expect(values.map(own)).toEqual(values.map(check));
    expect(new Set(values.map(own))).toEqual(new Set([true, false]));
  });
});

describe("ajvFormat runs ajv-formats' definition, whatever its shape", () => {
  test("a RegExp, a function, { type, validate } and true", () => {
    const formats = fullFormats as unknown as Record<string, unknown>;
    expect([ajvFormat(formats, "email", "a@b.co"), ajvFormat(formats, "email", "a@b")]).toEqual([
      true,
      false,
    ]);
    expect([ajvFormat(formats, "ipv4", "127.0.0.1"), ajvFormat(formats, "ipv4", "256.0.0.1")]).toEqual([
      true,
      false,
    ]);
    expect([ajvFormat(formats, "int32", 2 ** 31 - 1), ajvFormat(formats, "int32", 2 ** 31)]).toEqual([
      true,
      false,
    ]);
    expect(ajvFormat({ anything: true }, "anything", "x")).toBe(true);
    expect(ajvFormat({}, "unknown", "x")).toBe(false);
  });
});

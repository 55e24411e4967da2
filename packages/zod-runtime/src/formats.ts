// Formats as ajv-formats ("full" mode) checks them: the hand-written ones keel's schemas used first (held
// equal to ajv-formats by formats.test.ts), and any other through ajv-formats' own definition.
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** format "date" as ajv-formats (full) checks it: RFC 3339 full-date, real calendar days. */
export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : (DAYS[month] ?? 0));
}

const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
/** format "time" as ajv-formats (full) checks it: offset required, a leap second only at 23:59:60 UTC. */
export function isTime(text: string): boolean {
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
}

/** format "date-time" as ajv-formats (full) checks it: date, "T"/"t"/space, time with offset. */
export function isDateTime(text: string): boolean {
  const parts = text.split(/t|\s/i);
  return parts.length === 2 && isDate(parts[0] ?? "") && isTime(parts[1] ?? "");
}

const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
/** format "uri" as ajv-formats (full) checks it: an absolute URI (RFC 3986) holding a "/" or ":". */
export function isUri(text: string): boolean {
  return /\/|:/.test(text) && URI.test(text);
}

/**
 * `format` as ajv-formats (full) checks it, with its own definition from `formats` (the generated module
 * passes ajv-formats' `fullFormats`, so this package depends on zod alone): a RegExp, a function,
 * `{ type, validate }` or true.
 */
export function ajvFormat(
  formats: Readonly<Record<string, unknown>>,
  name: string,
  value: string | number,
): boolean {
  const format = formats[name];
  const test =
    typeof format === "object" && format !== null && !(format instanceof RegExp)
      ? (format as { validate: unknown }).validate
      : format;
  if (test instanceof RegExp) return test.test(String(value));
  return typeof test === "function" ? Boolean(test(value)) : test === true;
}

/** HTML-escaped text: the five characters that could open markup or leave an attribute. */
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// C0 and C1 controls (tab and newline stay), DEL, line/paragraph separators, bidi overrides, BOM, a lone surrogate
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters shown escaped
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text shown as data: HTML-escaped, and every control character (which would be invisible, reorder the
 * line or corrupt the terminal the page is copied to) shown as its escape, marked.
 */
export const show = (s: string): string =>
  esc(s).replace(
    CONTROL,
    (c) => `<span class="ctl">\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}</span>`,
  );

/** A value as a person reads it: a string as is, anything else as indented JSON. */
export const asText = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined ? "" : (JSON.stringify(v, null, 2) ?? String(v));

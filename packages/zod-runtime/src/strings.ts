import type { z } from "zod";
import { rule } from "./rule.js";

/** String length in code points, as JSON Schema counts it (an astral character is one, not two UTF-16 units). */
export function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++, count++) {
    const unit = text.charCodeAt(i);
    if (
      unit >= 0xd800 &&
      unit <= 0xdbff &&
      i + 1 < text.length &&
      (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    )
      i++;
  }
  return count;
}

/** minLength, counted in code points (only when the UTF-16 length leaves it open: a code point is one or two units). */
export function minChars(limit: number): z.core.CheckFn<string> {
  const unit = limit === 1 ? "character" : "characters";
  return rule(
    "minLength",
    `expected at least ${limit} ${unit} (code points)`,
    (v: string) => v.length >= 2 * limit || codePoints(v) >= limit,
  );
}

/** maxLength, counted in code points (only when the UTF-16 length leaves it open). */
export function maxChars(limit: number): z.core.CheckFn<string> {
  const unit = limit === 1 ? "character" : "characters";
  return rule(
    "maxLength",
    `expected at most ${limit} ${unit} (code points)`,
    (v: string) => v.length <= limit || codePoints(v) <= limit,
  );
}

import type { Location } from "./context.js";
import { mentionsControlCharacters, regexLiteral } from "./emit-scalar.js";

/** The module's regular expressions held as constants (`PATTERN_1`…), each literal once. */
export class PatternPool {
  readonly patterns: { name: string; literal: string }[] = [];

  /** A `pattern` as a module-level constant (a literal inside a test would build a RegExp on each call). */
  constant(pattern: string, at: Location): string {
    const literal = regexLiteral(pattern, at);
    const known = this.patterns.find((p) => p.literal === literal);
    if (known !== undefined) return known.name;
    const name = `PATTERN_${this.patterns.length + 1}`;
    this.patterns.push({ name, literal });
    return name;
  }

  /** A literal, or a constant when it names control characters (the lint suppression sits on the constant). */
  regex(pattern: string, at: Location): string {
    const literal = regexLiteral(pattern, at);
    return mentionsControlCharacters(literal) ? this.constant(pattern, at) : literal;
  }
}

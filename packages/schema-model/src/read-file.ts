import { readFileSync } from "node:fs";
import { parse as parseJsonAst } from "@humanwhocodes/momoa";
import { lineColumnAt } from "@keel/diagnostics";
import { SchemaLoadError } from "./errors.js";
import { lazyRequire } from "./lazy-require.js";

const yaml = lazyRequire<typeof import("yaml")>("yaml");

export function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code === "ENOENT" ? "io/not-found" : "io/unreadable";
    throw new SchemaLoadError(code, file, `cannot read file (${(error as Error).message})`, undefined, error);
  }
}

/**
 * Parse JSON text; a syntax error becomes a SchemaLoadError located at line:column. JSON.parse is the
 * fast path; only on failure is the text re-parsed with momoa, whose errors carry a position.
 */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if ((error as Error).message.startsWith("Unexpected end of JSON input") || text.trim() === "") {
      throw new SchemaLoadError(
        "json/syntax",
        file,
        "invalid JSON: unexpected end of input",
        lineColumnAt(text, text.length),
        error,
      );
    }
    const located = momoaError(text);
    // momoa accepts what JSON.parse refuses (a raw control character in a string): V8's offset places it
    const offset = /at position (\d+)/.exec((error as Error).message)?.[1];
    const at = located
      ? { line: located.line, column: located.column }
      : lineColumnAt(text, offset === undefined ? 0 : Number(offset));
    const detail = located ? plainMomoa(located.message) : plainV8((error as Error).message, text, offset);
    throw new SchemaLoadError("json/syntax", file, `invalid JSON: ${detail}`, at, error);
  }
}

function momoaError(text: string): { message: string; line: number; column: number } | undefined {
  try {
    parseJsonAst(text, { mode: "json" });
    return undefined;
  } catch (error) {
    const e = error as { message: string; line?: number; column?: number };
    return e.line === undefined || e.column === undefined
      ? undefined
      : { message: e.message, line: e.line, column: e.column };
  }
}

// momoa names tokens by type ("unexpected token LBrace found."); say the character instead
const TOKENS: Readonly<Record<string, string>> = {
  LBrace: '"{"',
  RBrace: '"}"',
  LBracket: '"["',
  RBracket: '"]"',
  Colon: '":"',
  Comma: '","',
  String: "a string",
  Number: "a number",
  Boolean: "true or false",
  Null: "null",
};

function plainMomoa(message: string): string {
  return lowerFirst(message.replace(/ \(\d+:\d+\)$/, ""))
    .replace(
      /^unexpected token (\w+) found\.?$/,
      (_, type: string) => `unexpected ${TOKENS[type] ?? type} here`,
    )
    .replace(/ found\.$/, "");
}

function plainV8(message: string, text: string, offset: string | undefined): string {
  const char = offset === undefined ? undefined : text.charCodeAt(Number(offset));
  if (/control character/i.test(message) && char !== undefined) {
    const code = `U+${char.toString(16).toUpperCase().padStart(4, "0")}`;
    return `expected control characters in a string to be escaped (\\u${code.slice(2).toLowerCase()}), found a raw ${code}`;
  }
  return lowerFirst(message.replace(/ in JSON at position \d+.*$/, ""));
}

export function readJson(file: string): unknown {
  return parseJsonText(readText(file), file);
}

export function readYaml(file: string): unknown {
  return parseYamlText(readText(file), file);
}

/** YAML text to a value; a syntax error becomes a located `yaml/syntax` SchemaLoadError naming `file`. */
export function parseYamlText(text: string, file: string): unknown {
  try {
    return yaml().parse(text, { prettyErrors: false });
  } catch (error) {
    if (!(error instanceof yaml().YAMLParseError)) throw error;
    const pos = error.linePos?.[0];
    const at = pos ? { line: pos.line, column: pos.col } : lineColumnAt(text, error.pos[0]);
    // the parser's own advice ("please use YAML.parseAllDocuments()") means nothing to a keel user
    const detail =
      error.code === "MULTIPLE_DOCS"
        ? "expected one YAML document, found another after a `---` separator"
        : lowerFirst(error.message);
    throw new SchemaLoadError("yaml/syntax", file, `invalid YAML: ${detail}`, at, error);
  }
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

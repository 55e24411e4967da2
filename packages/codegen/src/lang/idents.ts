/** Member and variant names for each language, kept apart from the JSON names they stand for. */

const PYTHON_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);
const RUST_KEYWORDS = new Set(
  "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do final macro override priv typeof unsized virtual yield try".split(
    " ",
  ),
);

/** `schemaVersion`, `with-dash`, `$schema`, `_meta` → `schema_version`, `with_dash`, `schema`, `meta`. */
export function snake(json: string): string {
  const words = json
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const name = words.join("_") || "field";
  return /^[0-9]/.test(name) ? `n${name}` : name;
}

/** `a-b.c` → `ABC`-ish Pascal words; a leading digit gets `V`, the empty string `Empty`. */
export function pascalWords(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join("");
  if (name === "") return "Empty";
  return /^[0-9]/.test(name) ? `V${name}` : name;
}

export const pythonField = (json: string): string => {
  const n = snake(json);
  return PYTHON_KEYWORDS.has(n) ? `${n}_` : n;
};
export const rustField = (json: string): string => {
  const n = snake(json);
  return RUST_KEYWORDS.has(n) ? `r#${n}` : n;
};
export const goField = (json: string): string => pascalWords(json);

/** Names made unique in order: the second `foo` becomes `foo_2` (or `Foo2`). */
export function unique(names: string[], sep = "_"): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let i = 2; seen.has(name); i++) name = `${n}${sep}${i}`;
    seen.add(name);
    return name;
  });
}

/** Enum variant names: Pascal, made unique. */
export const variantNames = (values: readonly string[]): string[] => unique(values.map(pascalWords), "");

import { basename } from "node:path";

/** `schemas/<p>/README.md`: where the schema came from and what is still the maintainer's to write. */
export function schemasReadme(
  title: string,
  protocol: string,
  file: string,
  seed: string | undefined,
  types: readonly string[],
): string {
  const source = seed === undefined ? "its upstream schema" : `the specification \`${basename(seed)}\``;
  return `# ${title} schemas

\`${file}\` is ${title}'s canonical schema, adopted from ${source} by \`keel new ${protocol}\` (content
unchanged; \`keel gen\` keeps its formatting normalised). Document types (\`schemas/registry.json\`):
${types.map((t) => `\`${t}\``).join(", ")}.

\`examples/<type>/\` holds valid documents of each type (\`.json\`, or \`.jsonl\` one per line); the conformance
fixtures grow from them, so real examples make better fixtures than the first one keel synthesised.

To write here: how the specification was read (what it says that the schema cannot, which semantic
rules \`packages/protocol-${protocol}/src/rules.ts\` should hold), and the protocol's version history.
`;
}

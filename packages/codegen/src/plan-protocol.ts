import { loadSchemaSet, type Registry } from "@keel/schema-model";
import { generateFixtures } from "./fixture-gen/index.js";
import { loadProtocolRules } from "./fixture-gen/protocol-rules.js";
import type { GeneratedFile } from "./generated-file.js";
import { generateLangPackages } from "./lang/index.js";
import { generateProtocolPackage } from "./protocol-package.js";
import { generateRequirements } from "./requirements.js";
import { normalisedSchemas } from "./schema-text.js";
import { assertSupported } from "./zod/supported.js";

/** Everything `keel gen` owns for one protocol: its schemas' formatting, its package's generated files and its fixtures. */
export async function planProtocol(
  root: string,
  registry: Registry,
  protocol: string,
): Promise<GeneratedFile[]> {
  const set = loadSchemaSet(root, registry, protocol);
  assertSupported(set);
  return [
    ...normalisedSchemas(root, set.own),
    ...(await generateProtocolPackage(root, registry, protocol, set)),
    ...generateFixtures(root, registry, protocol, { set, rules: await loadProtocolRules(root, protocol) }),
    ...(await generateRequirements(root, protocol)),
    ...generateLangPackages(root, registry, set),
  ];
}

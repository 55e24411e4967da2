import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { type At, type Code, type FileFinding, finding, type ParamsOf } from "@keel/diagnostics";
import { fileKindOf } from "./documents.js";
import { listExamples } from "./examples.js";
import { sha256File } from "./hash.js";
import { fragmentToPointer, getAtPointer } from "./pointer.js";
import { readJson } from "./read-file.js";
import type { ProtocolEntry, Registry } from "./registry-types.js";
import { protocolDir, releasedDir, schemasDir } from "./root.js";

/**
 * Does the registry describe the files on disk? Unlisted protocols, schemas and examples, missing
 * files, document-type pointers that lead nowhere, and released copies whose sha256 changed.
 */
export function checkRegistry(root: string, registry: Registry): FileFinding[] {
  const out: FileFinding[] = [];
  const add = <C extends Code>(path: string, code: C, params: ParamsOf<C>, at?: At): void => {
    out.push({ file: relative(root, path), ...finding(code, params, at) });
  };
  const names = Object.keys(registry.protocols);
  for (const dir of subdirs(schemasDir(root))) {
    if (!names.includes(dir))
      add(join(schemasDir(root), dir), "registry/unlisted-file", {
        path: `schemas/${dir}/`,
        what: "protocol folder",
      });
  }
  for (const [name, entry] of Object.entries(registry.protocols)) {
    checkSchemas(root, name, entry, add);
    checkReleased(root, name, entry, add);
    checkExamples(root, registry, name, entry, add);
    for (const other of entry.references) {
      if (!names.includes(other))
        add(protocolDir(root, name), "registry/unknown-protocol", { name: other, known: names });
    }
  }
  return out;
}

type Add = <C extends Code>(path: string, code: C, params: ParamsOf<C>, at?: At) => void;

function checkSchemas(root: string, name: string, entry: ProtocolEntry, add: Add): void {
  const dir = protocolDir(root, name);
  for (const file of entry.schemas) {
    if (!existsSync(join(dir, file)))
      add(join(dir, file), "registry/missing-file", { path: `schemas/${name}/${file}`, what: "schema" });
  }
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    // requirements.json is the protocol's requirements catalogue (schemas/requirements.schema.json), not a schema
    if (file.endsWith(".json") && file !== "requirements.json" && !entry.schemas.includes(file)) {
      add(join(dir, file), "registry/unlisted-file", {
        path: `schemas/${name}/${file}`,
        what: "schema file",
      });
    }
  }
  for (const [type, doc] of Object.entries(entry.documentTypes)) {
    const path = join(dir, doc.schema);
    if (!entry.schemas.includes(doc.schema) || !existsSync(path)) {
      add(path, "registry/missing-file", {
        path: `schemas/${name}/${doc.schema}`,
        what: `schema of document type ${type}`,
      });
    } else if (getAtPointer(readJson(path), fragmentToPointer(doc.pointer)) === undefined) {
      add(path, "registry/missing-file", {
        path: `${doc.schema}${doc.pointer}`,
        what: `schema of document type ${type}`,
      });
    }
  }
}

function checkReleased(root: string, name: string, entry: ProtocolEntry, add: Add): void {
  const listed = entry.released.map((r) => r.version);
  for (const dir of subdirs(join(protocolDir(root, name), "released"))) {
    if (!listed.includes(dir))
      add(releasedDir(root, name, dir), "registry/unlisted-file", {
        path: `released/${dir}/`,
        what: "released version",
      });
  }
  for (const release of entry.released) {
    const dir = releasedDir(root, name, release.version);
    for (const [file, expected] of Object.entries(release.files)) {
      const path = join(dir, file);
      if (!existsSync(path)) {
        add(path, "registry/missing-file", { path: relative(root, path), what: "released copy" });
        continue;
      }
      const actual = sha256File(path);
      if (actual !== expected)
        add(path, "registry/released-changed", { path: relative(root, path), expected, actual });
    }
    for (const file of existsSync(dir) ? readdirSync(dir) : []) {
      if (!(file in release.files))
        add(join(dir, file), "registry/unlisted-file", {
          path: relative(root, join(dir, file)),
          what: "released file",
        });
    }
  }
}

function checkExamples(root: string, registry: Registry, name: string, entry: ProtocolEntry, add: Add): void {
  const seen = new Set<string>();
  for (const example of listExamples(root, registry, name)) {
    const doc = entry.documentTypes[example.documentType];
    const kind = fileKindOf(example.path);
    if (doc === undefined) {
      add(example.path, "registry/unlisted-file", {
        path: example.display,
        what: "example (its folder must be a document type)",
      });
    } else if (kind === undefined || !doc.fileKinds.includes(kind)) {
      add(example.path, "registry/unlisted-file", {
        path: example.display,
        what: `example of ${example.documentType} (kinds: ${doc.fileKinds.join(", ")})`,
      });
    } else {
      seen.add(example.documentType);
    }
  }
  for (const type of Object.keys(entry.documentTypes)) {
    if (!seen.has(type))
      add(join(protocolDir(root, name), "examples", type), "registry/no-example", {
        protocol: name,
        documentType: type,
      });
  }
}

function subdirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort();
}

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findRoot, loadRegistry } from "@keel/schema-model";
import { afterAll, describe, expect, it } from "vitest";
import { editDocumentTypes } from "./edit-types.js";
import { scaffoldProtocol } from "./index.js";

// Issue 32, defect 7: after `keel new`, a document type can be added (A2A's AgentCard, referenced
// elsewhere and so not chosen) or removed, without editing the registry by hand.
const repo = findRoot(import.meta.dirname);
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function adopted(): string {
  const root = mkdtempSync(join(tmpdir(), "keel-types-"));
  roots.push(root);
  mkdirSync(join(root, "schemas"));
  cpSync(join(repo, "schemas", "registry.schema.json"), join(root, "schemas", "registry.schema.json"));
  writeFileSync(join(root, "schemas", "registry.json"), JSON.stringify({ protocols: {} }));
  const path = join(root, "a2a.json");
  writeFileSync(
    path,
    JSON.stringify({
      $schema: "http://json-schema.org/draft-07/schema#",
      definitions: {
        AgentCard: {
          description: "An agent's self-description.",
          type: "object",
          properties: { name: { type: "string" } },
          required: ["name"],
        },
        CardResponse: { type: "object", properties: { result: { $ref: "#/definitions/AgentCard" } } },
        Ping: { type: "object", properties: { ping: { const: true } }, required: ["ping"] },
      },
    }),
  );
  scaffoldProtocol(root, loadRegistry(root), { protocol: "a2a", schema: path });
  return root;
}

const typesOf = (root: string) =>
  JSON.parse(readFileSync(join(root, "schemas", "registry.json"), "utf8")).protocols.a2a.documentTypes;

describe("keel types: a protocol's document types after keel new", () => {
  it("adds a referenced definition as a type, with its summary and a synthesised example; removes one", () => {
    const root = adopted();
    expect(Object.keys(typesOf(root)).sort()).toEqual(["card_response", "ping"]);
    const result = editDocumentTypes(
      root,
      loadRegistry(root),
      "a2a",
      { agent_card: "#/definitions/AgentCard" },
      ["ping"],
    );
    const types = typesOf(root);
    expect(Object.keys(types).sort()).toEqual(["agent_card", "card_response"]);
    expect(types.agent_card).toMatchObject({
      pointer: "#/definitions/AgentCard",
      summary: "An agent's self-description.",
    });
    expect(result.written).toContain("schemas/a2a/examples/agent_card/synthesised.json");
    expect(existsSync(join(root, "schemas/a2a/examples/ping/synthesised.json"))).toBe(false);
  });

  it("refuses, writing nothing, a pointer naming nothing, a taken name, an unknown type, removing every type", () => {
    const root = adopted();
    const before = readFileSync(join(root, "schemas", "registry.json"), "utf8");
    const edit = (add: Record<string, string>, remove: string[]) => () =>
      editDocumentTypes(root, loadRegistry(root), "a2a", add, remove);
    expect(edit({ card: "#/definitions/Nope" }, [])).toThrow(
      /expected #\/definitions\/Nope to name a schema in schemas\/a2a\/a2a.json, found nothing there/,
    );
    expect(edit({ ping: "#/definitions/Ping" }, [])).toThrow(/found ping already there/);
    expect(edit({}, ["nope"])).toThrow(
      /expected a document type of a2a to remove \(card_response, ping\), found "nope"/,
    );
    expect(edit({}, ["ping", "card_response"])).toThrow(/at least one document type/);
    expect(() => editDocumentTypes(root, loadRegistry(root), "nope", {}, [])).toThrow(/expected a protocol/);
    expect(readFileSync(join(root, "schemas", "registry.json"), "utf8")).toBe(before);
  });
});

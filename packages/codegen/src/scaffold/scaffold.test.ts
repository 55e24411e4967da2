import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findRoot, loadRegistry } from "@keel/schema-model";
import { afterAll, describe, expect, it } from "vitest";
import { scaffoldProtocol } from "./index.js";

// Issue 32, defect 8: names and defaults of a new protocol.
const repo = findRoot(import.meta.dirname);
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), "keel-scaffold-"));
  roots.push(root);
  mkdirSync(join(root, "schemas"));
  cpSync(join(repo, "schemas", "registry.schema.json"), join(root, "schemas", "registry.schema.json"));
  const registry = JSON.parse(readFileSync(join(repo, "schemas", "registry.json"), "utf8"));
  // one sibling protocol package to copy packaging fields from
  writeFileSync(
    join(root, "schemas", "registry.json"),
    JSON.stringify({ protocols: { myrmo: registry.protocols.myrmo } }),
  );
  mkdirSync(join(root, "packages", "protocol-myrmo"), { recursive: true });
  cpSync(
    join(repo, "packages", "protocol-myrmo", "package.json"),
    join(root, "packages", "protocol-myrmo", "package.json"),
  );
  return root;
}

function scaffold(schema: object, folder = "in", examples?: Record<string, string>) {
  const root = checkout();
  mkdirSync(join(root, folder), { recursive: true });
  const path = join(root, folder, "schema.json");
  writeFileSync(path, JSON.stringify(schema));
  for (const [file, text] of Object.entries(examples ?? {})) {
    mkdirSync(join(root, "upstream", file, ".."), { recursive: true });
    writeFileSync(join(root, "upstream", file), text);
  }
  const result = scaffoldProtocol(root, loadRegistry(root), {
    protocol: "a2a",
    schema: path,
    ...(examples === undefined ? {} : { examples: join(root, "upstream") }),
  });
  const entry = JSON.parse(readFileSync(join(root, "schemas", "registry.json"), "utf8")).protocols.a2a;
  const pkg = JSON.parse(readFileSync(join(root, "packages", "protocol-a2a", "package.json"), "utf8"));
  return { result, entry, pkg, root };
}

const draft7 = "http://json-schema.org/draft-07/schema#";

describe("keel new's names and defaults", () => {
  it("names types by words (A2AError is a2a_error), the package's repository folder its own", () => {
    const { result, pkg } = scaffold({
      $schema: draft7,
      definitions: { A2AError: { type: "object" }, AgentCard: { type: "object" } },
    });
    expect(result.documentTypes).toEqual(["a2a_error", "agent_card"]);
    expect(pkg.repository.directory).toBe("packages/protocol-a2a");
  });

  it("takes the version from the path or $id and says where it came from; 1.0 is said too", () => {
    const fromPath = scaffold({ $schema: draft7, type: "object" }, "a2a/v0.3.0");
    expect([fromPath.result.version, fromPath.result.versionFrom]).toEqual(["0.3.0", "the schema's path"]);
    const fromId = scaffold({
      $schema: draft7,
      $id: "https://example.com/schemas/2025-06-18/schema.json",
      type: "object",
    });
    expect([fromId.result.version, fromId.result.versionFrom]).toEqual(["2025-06-18", "its $id"]);
    const none = scaffold({ $schema: draft7, type: "object" });
    expect([none.result.version, none.result.versionFrom]).toEqual([
      "1.0",
      "no date or version in the file name, path or $id (keel new --first-version to choose)",
    ]);
  });

  it("summarises by the schema's description or title, never a made-up sentence", () => {
    expect(scaffold({ $schema: draft7, title: "Agent to agent", type: "object" }).entry.summary).toBe(
      "Agent to agent",
    );
    expect(scaffold({ $schema: draft7, type: "object" }).entry.summary).toContain("keel new --summary");
  });

  it("files upstream examples kept per definition under the type they are (--examples DIR)", () => {
    const request = (method: string) => ({
      type: "object",
      required: ["jsonrpc", "method"],
      properties: { jsonrpc: { const: "2.0" }, method: { const: method } },
    });
    const { result, root } = scaffold(
      {
        $schema: draft7,
        definitions: {
          AgentCard: {
            type: "object",
            required: ["protocolVersion", "name"],
            properties: { protocolVersion: { type: "string" }, name: { type: "string" } },
          },
          A2ARequest: {
            oneOf: [{ $ref: "#/definitions/SendMessageRequest" }, { $ref: "#/definitions/GetTaskRequest" }],
          },
          SendMessageRequest: request("message/send"),
          GetTaskRequest: request("tasks/get"),
        },
      },
      "in",
      {
        "AgentCard/card.json": '{"protocolVersion": "0.3.0", "name": "echo"}',
        "AgentCard/nameless.json": '{"protocolVersion": "0.3.0"}',
        "SendMessageRequest/send.json": '{"jsonrpc": "2.0", "method": "message/send"}',
        "Nowhere/x.json": "{}",
        "GetTaskRequest/cut.json": '{"jsonrpc": ',
      },
    );
    expect(result.documentTypes).toEqual(["agent_card", "a2a_request"]);
    const example = (p: string) => join(root, "schemas", "a2a", "examples", p);
    expect(JSON.parse(readFileSync(example("agent_card/card.json"), "utf8"))).toMatchObject({ name: "echo" });
    // a branch of a union type is filed under the union, named after its definition
    expect(existsSync(example("a2a_request/send_message_request-send.json"))).toBe(true);
    expect(
      result.refusedExamples.map((r) => `${r.from.slice(root.length)}: ${r.why.replace(/ \(.*/, "")}`),
    ).toEqual([
      "/upstream/AgentCard/nameless.json: valid as no document type",
      "/upstream/GetTaskRequest/cut.json: not JSON",
      "/upstream/Nowhere/x.json: no definition Nowhere",
    ]);
  });
});

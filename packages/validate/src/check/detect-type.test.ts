import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ProtocolEntry, Registry } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../../tools/test-kit/temp-dirs.js";
import { detectInKind, isOpen, type TypeSignature, typeSignatures } from "./detect-type.js";
import { checkDetected } from "./detected.js";
import { unknownType } from "./unknown-type.js";

// MCP's shape in miniature: an accept-anything Result beside a message union of requests
const schema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  definitions: {
    Result: { type: "object", properties: { _meta: { type: "object" } }, additionalProperties: {} },
    PingRequest: {
      type: "object",
      required: ["jsonrpc", "method"],
      properties: { jsonrpc: { const: "2.0" }, method: { const: "ping" } },
    },
    CallToolRequest: {
      type: "object",
      required: ["jsonrpc", "method", "params"],
      properties: { jsonrpc: { const: "2.0" }, method: { const: "tools/call" }, params: { type: "object" } },
    },
    ClientRequest: {
      anyOf: [{ $ref: "#/definitions/PingRequest" }, { $ref: "#/definitions/CallToolRequest" }],
    },
    Config: { type: "object", additionalProperties: { type: "string" } },
  },
};
const type = (pointer: string, fileKinds: ("json" | "yaml")[] = ["json"]) => ({
  schema: "toy.schema.json",
  pointer,
  fileKinds,
  summary: pointer,
});
const entry = {
  title: "Toy",
  summary: "toy",
  reference: null,
  version: "1.0",
  consumer: "lenient",
  versionPolicy: "minor-adds-optional",
  versionField: null,
  schemas: ["toy.schema.json"],
  fileKinds: ["json", "yaml"],
  documentTypes: {
    client_request: type("#/definitions/ClientRequest"),
    result: type("#/definitions/Result"),
    config: type("#/definitions/Config", ["yaml"]),
  },
  released: [],
  references: [],
  facts: {},
} as ProtocolEntry;
const root = tempDir("keel-detect-");
mkdirSync(join(root, "schemas", "toy"), { recursive: true });
writeFileSync(join(root, "schemas", "toy", "toy.schema.json"), JSON.stringify(schema));
const registry = { protocols: { toy: entry } } as unknown as Registry;
const signatures = typeSignatures({ root, registry, protocol: "toy" }, entry);
const sig = (name: string) => signatures.find((s) => s.type === name) as TypeSignature;

describe("type detection on a schema with an accept-anything result type", () => {
  it("gives a union what every branch has, and knows a type that accepts any object", () => {
    expect(sig("client_request")).toMatchObject({
      required: ["jsonrpc", "method"],
      consts: { jsonrpc: "2.0" },
    });
    expect(isOpen(sig("result"))).toBe(true);
    expect(isOpen(sig("client_request"))).toBe(false);
  });

  it("detects a request by its fields, however open the result type is", () => {
    const d = detectInKind(signatures, { jsonrpc: "2.0", method: "ping" }, "json");
    expect(d).toEqual({ types: ["client_request"], open: false, complete: true });
  });

  it("says a document was taken as the accept-anything type only because nothing else fits", () => {
    const d = detectInKind(signatures, { foo: 1 }, "json");
    expect(d).toMatchObject({ types: ["result"], open: true });
    const valid = () => ({ valid: true, findings: [] });
    const r = checkDetected("toy", signatures, d, { foo: 1, method: "x" }, valid, valid);
    expect(r.type).toBe("result");
    expect(r.valid).toBe(true);
    expect(r.findings).toMatchObject([{ code: "validate/open-type", severity: "warning" }]);
    expect(r.findings[0]?.message).toBe(
      "expected a document that tells its toy type, found one detected as result only because it accepts any object (nearest other: client_request, missing jsonrpc)",
    );
  });

  it("tells types apart among those of the input's file kind first", () => {
    // the YAML type accepts any object too, but a YAML document is one of the YAML types
    expect(detectInKind(signatures, { smoke: "x" }, "yaml")).toEqual({
      types: ["config"],
      open: false,
      complete: true,
    });
  });

  it("warns when types fit equally and the verdict depends on which was meant", () => {
    const tied = { types: ["result", "client_request"], open: false, complete: true };
    const r = checkDetected(
      "toy",
      signatures,
      tied,
      {},
      () => ({ valid: true, findings: [] }),
      (t) => ({ valid: t === "client_request", findings: [] }),
    );
    expect(r).toMatchObject({ type: "client_request", valid: true });
    expect(r.findings.map((f) => f.message)).toEqual([
      "expected a document of one toy type, found one that fits result and client_request equally: valid as client_request, invalid as result",
    ]);
  });
});

// MCP's client and server request unions: the branches fix `method`, each union to its own methods
const request = (method: string) => ({
  type: "object",
  required: ["jsonrpc", "method"],
  properties: { jsonrpc: { const: "2.0" }, method: { const: method }, params: { type: "object" } },
});
const unions = {
  $schema: "http://json-schema.org/draft-07/schema#",
  definitions: {
    Ping: request("ping"),
    CallTool: request("tools/call"),
    CreateMessage: request("sampling/createMessage"),
    ClientRequest: { anyOf: [{ $ref: "#/definitions/Ping" }, { $ref: "#/definitions/CallTool" }] },
    ServerRequest: { anyOf: [{ $ref: "#/definitions/Ping" }, { $ref: "#/definitions/CreateMessage" }] },
    Log: { type: "object", required: ["level"], properties: { level: { enum: ["info", "error"] } } },
  },
};
const unionsRoot = tempDir("keel-detect-");
mkdirSync(join(unionsRoot, "schemas", "toy"), { recursive: true });
writeFileSync(join(unionsRoot, "schemas", "toy", "toy.schema.json"), JSON.stringify(unions));
const unionsEntry = {
  ...entry,
  documentTypes: {
    client_request: type("#/definitions/ClientRequest"),
    server_request: type("#/definitions/ServerRequest"),
    log: type("#/definitions/Log"),
  },
} as ProtocolEntry;
const unionSignatures = typeSignatures(
  { root: unionsRoot, registry: { protocols: { toy: unionsEntry } } as unknown as Registry, protocol: "toy" },
  unionsEntry,
);

describe("type detection by the values a union's branches fix", () => {
  it("keeps the values every branch of a union fixes a member to, and an enum's values", () => {
    const of = (name: string) => unionSignatures.find((s) => s.type === name);
    expect(of("client_request")?.choices).toEqual({ method: ["ping", "tools/call"] });
    expect(of("log")?.choices).toEqual({ level: ["info", "error"] });
  });

  it("tells a request of one union from the other's by its method", () => {
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: {} };
    expect(detectInKind(unionSignatures, call, "json").types).toEqual(["client_request"]);
    const create = { jsonrpc: "2.0", id: 2, method: "sampling/createMessage" };
    expect(detectInKind(unionSignatures, create, "json").types).toEqual(["server_request"]);
    // a method both unions have is both readings
    const ping = { jsonrpc: "2.0", id: 3, method: "ping" };
    expect(detectInKind(unionSignatures, ping, "json").types).toEqual(["client_request", "server_request"]);
    // a method neither has is the document's error, not a sign against either: both are still candidates
    const typo = { jsonrpc: "2.0", id: 4, method: "tools/cal" };
    expect(detectInKind(unionSignatures, typo, "json").types).toEqual(["client_request", "server_request"]);
  });

  it("names the values a type allows when a document fits no type", () => {
    const f = unknownType("toy", unionSignatures, [], { jsonrpc: "2.0", method: "nope" });
    expect(f.message).toContain(
      'client_request (method is "nope", client_request has one of "ping", "tools/call")',
    );
  });
});

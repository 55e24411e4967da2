import { describe, expect, it } from "vitest";
import { chooseDocumentTypes, snakeName } from "./document-types.js";

describe("a new protocol's document types", () => {
  it("are snake_case names of its definitions", () => {
    expect(snakeName("JSONRPCMessage")).toBe("jsonrpc_message");
    expect(snakeName("ClientRequest")).toBe("client_request");
    expect(snakeName("tool-call")).toBe("tool_call");
    expect(snakeName("2fa")).toBe("t_2fa");
    // a digit inside an acronym stays in it (was a2_a_error); after a word it ends the word
    expect(snakeName("A2AError")).toBe("a2a_error");
    expect(snakeName("AgentCard")).toBe("agent_card");
    expect(snakeName("Http2Server")).toBe("http2_server");
    expect(snakeName("Base64Data")).toBe("base64_data");
  });

  it("are the root when it asserts anything", () => {
    const types = chooseDocumentTypes(
      "acme-feed",
      "f.json",
      { type: "object", description: "A feed.\nMore." },
      ["json"],
    );
    expect(types).toEqual({
      acme_feed: { schema: "f.json", pointer: "#", fileKinds: ["json"], summary: "A feed." },
    });
  });

  it("else the unreferenced unions, else every unreferenced definition, else the unions of a recursive schema", () => {
    const recursive = {
      Item: { anyOf: [{ $ref: "#/$defs/Post" }] },
      Post: { type: "object", properties: { replies: { type: "array", items: { $ref: "#/$defs/Item" } } } },
    };
    expect(Object.keys(chooseDocumentTypes("p", "f.json", { $defs: recursive }, ["json"]))).toEqual(["item"]);
    const defs = {
      Message: { anyOf: [{ $ref: "#/definitions/Ping" }, { $ref: "#/definitions/Pong" }] },
      Ping: { type: "object" },
      Pong: { type: "object", description: "The answer.\nDetail." },
      Cursor: { type: "string" },
    };
    expect(Object.keys(chooseDocumentTypes("p", "f.json", { definitions: defs }, ["json"]))).toEqual([
      "message",
    ]);
    const { Message: _, ...flat } = defs;
    const types = chooseDocumentTypes("p", "f.json", { definitions: flat }, ["json"]);
    expect(Object.keys(types)).toEqual(["ping", "pong", "cursor"]);
    expect(types.pong?.summary).toBe("The answer.");
    expect(types.pong?.pointer).toBe("#/definitions/Pong");
  });

  it("are the message unions and the standalone documents, referenced or not", () => {
    const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
    const object = (required: string[]) => ({ type: "object", required });
    const definitions = {
      // a standalone document that a response also carries (A2A's AgentCard)
      AgentCard: object(["protocolVersion", "name", "url"]),
      GetCardResponse: { type: "object", properties: { result: ref("AgentCard") } },
      A2ARequest: { oneOf: [ref("SendMessageRequest"), ref("GetTaskRequest")] },
      SendMessageRequest: object(["jsonrpc", "method", "params"]),
      GetTaskRequest: object(["jsonrpc", "method", "params"]),
      // a message union that a batch references (MCP's client_notification was missed for less)
      ClientNotification: { anyOf: [ref("CancelledNotification"), ref("ProgressNotification")] },
      CancelledNotification: object(["method"]),
      ProgressNotification: object(["method", "params"]),
      Batch: { type: "array", items: ref("ClientNotification") },
      // unions of values, not of messages (MCP's enum schemas), and an initialise result a request union holds
      EnumSchema: { anyOf: [ref("SingleSelectEnumSchema"), ref("MultiSelectEnumSchema")] },
      SingleSelectEnumSchema: object(["type", "enum"]),
      MultiSelectEnumSchema: object(["type", "items"]),
      ServerResult: { anyOf: [ref("InitializeResult"), ref("EmptyResult")] },
      InitializeResult: object(["protocolVersion", "capabilities"]),
      EmptyResult: { type: "object" },
    };
    const types = chooseDocumentTypes("a2a", "a2a.json", { definitions }, ["json"]);
    expect(Object.keys(types)).toEqual(["agent_card", "a2a_request", "client_notification", "server_result"]);
    expect(types.agent_card?.pointer).toBe("#/definitions/AgentCard");
  });
});

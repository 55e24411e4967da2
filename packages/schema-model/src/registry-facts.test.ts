import { describe, expect, it } from "vitest";
import { loadRegistry, protocolEntry } from "./registry.js";
import { cliFacts, colonyFacts, colonyRoute, documentConsumer } from "./registry-facts.js";
import { findRoot } from "./root.js";

const registry = loadRegistry(findRoot());
const myrmo = protocolEntry(registry, "myrmo");
const slipway = protocolEntry(registry, "slipway");

describe("colony facts (Myrmo)", () => {
  const colony = colonyFacts(myrmo);

  it("names only document types and error codes the registry defines", () => {
    const types = Object.keys(myrmo.documentTypes);
    for (const route of colony.routes) {
      if (route.request !== null) expect(types).toContain(route.request);
      if (route.success.documentType !== null) expect(types).toContain(route.success.documentType);
      for (const code of route.errors) expect(Object.keys(colony.errors.codes)).toContain(code);
    }
    expect(types).toContain(colony.errors.documentType);
  });

  it("holds the reference's limits and statuses", () => {
    expect(colony.bodyLimitBytes).toBe(64 * 1024);
    expect(colonyRoute(colony, "publish")).toMatchObject({ method: "POST", path: "/v1/trails" });
    expect(colonyRoute(colony, "publish").success).toEqual({ status: 202, documentType: "publish_accepted" });
    expect(colonyRoute(colony, "outcome").requestOptional).toEqual(["/solution_id"]);
    const statuses = Object.fromEntries(Object.entries(colony.errors.codes).map(([c, e]) => [c, e.status]));
    expect(statuses).toMatchObject({
      invalid_trail: 400,
      invalid_request: 400,
      not_found: 404,
      too_large: 413,
    });
    expect(colony.rateLimit.headers).toEqual(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
  });

  it("says clearly when a route or the facts are missing", () => {
    expect(() => colonyRoute(colony, "search")).toThrow(/found no route named "search"/);
    expect(() => colonyFacts(slipway)).toThrow(/found no facts.colony in Slipway/);
  });
});

describe("document strictness", () => {
  it("keeps what agents send strict and reads a colony's answers leniently", () => {
    expect(documentConsumer(myrmo, "trail")).toBe("strict");
    expect(documentConsumer(myrmo, "outcome_report")).toBe("strict");
    for (const t of ["publish_accepted", "trail_status", "outcome_accepted", "error_envelope"]) {
      expect(documentConsumer(myrmo, t)).toBe("lenient");
      expect(myrmo.documentTypes[t]?.sender).toBe("colony");
    }
    expect(documentConsumer(protocolEntry(registry, "mira"), "response")).toBe("lenient");
    expect(() => documentConsumer(myrmo, "nope")).toThrow(/found no document type "nope"/);
  });
});

describe("command facts (Slipway)", () => {
  it("maps every command to a document type the registry defines", () => {
    const cli = cliFacts(slipway);
    const types = Object.keys(slipway.documentTypes);
    for (const c of cli.list) {
      expect(types).toContain(c.stdout);
      for (const t of Object.values(c.inputs ?? {})) expect(types).toContain(t);
    }
    expect(types).toContain(cli.error.documentType);
    const answers = (argv: string) => cli.list.filter((c) => c.argv.join(" ") === argv).map((c) => c.stdout);
    expect(answers("protocol submit")).toEqual(["protocol_state"]);
    expect(answers("status")).toEqual(["run_status", "pinned_material", "status_list"]);
    expect(() => cliFacts(myrmo)).toThrow(/found no facts.commands in Myrmo/);
  });
});

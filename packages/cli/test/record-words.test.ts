import { describe, expect, it } from "vitest";
import { splitRecordWords } from "../src/commands/record-words.js";

const port = { name: "listen", kind: "port" as const, description: "a port" };

describe("keel record <suite>: the words after keel's options, split by what the suite's recording takes", () => {
  it("reads the recording's own options, as --name VALUE or --name=VALUE", () => {
    expect(splitRecordWords("s", { flags: [port] }, ["--listen", "9090"])).toEqual({
      own: { listen: "9090" },
      args: [],
    });
    expect(splitRecordWords("s", { flags: [port] }, ["--listen=0"])).toEqual({
      own: { listen: "0" },
      args: [],
    });
    expect(() => splitRecordWords("s", { flags: [port] }, ["--listen"])).toThrow(
      "expected a value after --listen",
    );
  });

  it("passes every word from the first it does not take through as the implementation's arguments, in order", () => {
    const words = ["run", "--budget", "4", "--json", "--", "add a line"];
    expect(splitRecordWords("s", { args: "its arguments" }, words)).toEqual({ own: {}, args: words });
    // an unknown --x starts them too; `--` starts them explicitly and is not one of them
    expect(splitRecordWords("s", { args: "a", flags: [port] }, ["--listen", "1", "--x", "y"])).toEqual({
      own: { listen: "1" },
      args: ["--x", "y"],
    });
    expect(splitRecordWords("s", { args: "a", flags: [port] }, ["--", "--listen", "1"])).toEqual({
      own: {},
      args: ["--listen", "1"],
    });
  });

  it("refuses, in one line, an option or an argument a suite's recording does not take", () => {
    expect(() => splitRecordWords("s", { flags: [port] }, ["--x", "1"])).toThrow(
      "expected an option of keel record or of the s suite's recording (--listen), found --x",
    );
    expect(() => splitRecordWords("s", undefined, ["--listen", "1"])).toThrow(
      "expected an option of keel record or of the s suite's recording (none of its own), found --listen",
    );
    expect(() => splitRecordWords("s", {}, ["run"])).toThrow(
      "expected no arguments to record from the s suite, found run",
    );
  });
});

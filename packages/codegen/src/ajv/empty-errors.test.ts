import { expect, test } from "vitest";
import { emptyErrorObjects } from "./empty-errors.js";

test("replaces the error objects ajv builds by one shared empty one, keeping sub-validator calls and parameter defaults", () => {
  const code = [
    'function validate1(data, {instancePath="", parentData}={}){',
    'const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be {string}"};',
    'validate1.errors = [{instancePath:instancePath+"/a",keyword:"pattern",params:{pattern: "^\\"}$"}}];',
    'if(!(validate2(data.a, {instancePath:instancePath+"/a",parentData:data}))){',
  ];
  expect(emptyErrorObjects(code.join("\n")).split("\n")).toEqual([
    code[0],
    "const err0 = emptyError;",
    "validate1.errors = [emptyError];",
    code[3],
  ]);
});

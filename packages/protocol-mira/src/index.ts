// The Mira package's public API, by name. Everything under ./generated is written by
// `keel gen`; every type and zod schema is also reachable through the "@keel/mira/types" and
// "@keel/mira/zod" subpaths.
export type { Engine, Finding, ValidationResult } from "@keel/diagnostics";
export type { DowngradeChange, DowngradeResult, FillRequest } from "@keel/downgrade";
export type { LineDowngradeOptions } from "./downgrade/index.js";
export { downgradeLine, downgradeTargets } from "./downgrade/index.js";
export { miraProjection } from "./downgrade/projection.js";
export {
  documentTypes,
  parseMessage,
  parseNotification,
  parseRequest,
  parseResponse,
  validateMessage,
  validateNotification,
  validateRequest,
  validateResponse,
} from "./generated/api.gen.js";
export { protocol, registryEntry, schemaFiles } from "./generated/constants.gen.js";
export type { DowngradeRoot, DowngradeTarget } from "./generated/downgrade.gen.js";
export { downgradePlans, downgradeTo } from "./generated/downgrade.gen.js";
export type { Message, Notification, Request, Response } from "./generated/types.gen.js";
export { MessageSchema, NotificationSchema, RequestSchema, ResponseSchema } from "./generated/zod.gen.js";
export type { MiraDocumentType } from "./rules/index.js";
export {
  check,
  checkMessage,
  checkNotification,
  checkRequest,
  checkResponse,
  classify,
  semanticRules,
} from "./rules/index.js";

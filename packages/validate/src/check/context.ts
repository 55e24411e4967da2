import type { Registry } from "@keel/schema-model";

/**
 * The protocol one validation run checks against, as every step of the check path needs it: the repository
 * root its schemas are read from, the registry as loaded once, and the protocol's name. Plain data, so a
 * worker thread receives it as is.
 */
export interface ProtocolContext {
  root: string;
  registry: Registry;
  protocol: string;
}

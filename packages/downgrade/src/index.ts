export { applyDowngrade } from "./apply.js";
export { canonical } from "./json.js";
export type {
  ApplyOptions,
  DowngradeChange,
  DowngradePlan,
  DowngradeResult,
  FillRequest,
  PlanNode,
} from "./types.js";

export { applyDowngrade } from "./apply.js";
export { canonical, show } from "./json.js";
export type {
  ApplyOptions,
  DowngradeChange,
  DowngradePlan,
  DowngradeResult,
  FillRequest,
  PlanNode,
} from "./types.js";

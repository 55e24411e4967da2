export { applyBaseline, type Baseline, BaselineError, parseBaseline } from "./baseline.js";
export { type CliCall, CliChannel, type CliOptions, type CliResult } from "./channels/cli/channel.js";
export { cliDriver, cliExpectation } from "./channels/cli/driver.js";
export {
  HttpChannel,
  type HttpOptions,
  type HttpRequest,
  type HttpResponse,
  type HttpResult,
} from "./channels/http/channel.js";
export { httpDriver, httpExpectation } from "./channels/http/driver.js";
export { type Received, RpcStdioChannel, type RpcStdioOptions } from "./channels/rpc-stdio/channel.js";
export { jsonRpcKind, type LineKind } from "./channels/rpc-stdio/classify.js";
export { type Outcome, RpcSession, type SessionOptions } from "./channels/rpc-stdio/session.js";
export {
  type Invocation,
  type Reply,
  type ServedCall,
  ServedChannel,
  type ServedOptions,
} from "./channels/served/channel.js";
export { servedDriver } from "./channels/served/driver.js";
export { SOCKET_ENV, shimSource } from "./channels/served/shim-source.js";
export { ProgressDeadline, type TimeoutOptions } from "./channels/timeouts.js";
export { type Clock, ManualClock, systemClock, within } from "./clock.js";
export { type ConformOptions, type ConformReport, conform } from "./conform.js";
export { ConformError } from "./conform-error.js";
export { type CoverageRow, coverage, coverageTable } from "./coverage.js";
export { type Evidence, type EvidenceMessage, evidenceOf } from "./evidence.js";
export { substitute } from "./exchange/captures.js";
export { type Exchanged, pairTraffic, scenarioFromTraffic } from "./exchange/from-traffic.js";
export { generalize } from "./exchange/generalize.js";
export { ExchangeError, loadGolden, parseScenario } from "./exchange/load.js";
export { type Captures, isMatcher, type MatchContext, type Mismatch, match } from "./exchange/matchers.js";
export { migrate } from "./exchange/migrate.js";
export { matchNotifications } from "./exchange/notifications.js";
export { type ReplayOptions, replay, type StepMismatch } from "./exchange/replay.js";
export { type ConsumerFacts, isStrict } from "./exchange/strictness.js";
export { FORMAT, type Scenario, type Step } from "./exchange/types.js";
export { type Exit, Launched, type LaunchOptions, type Program } from "./process/launch.js";
export { liveGroups } from "./process/reaper.js";
export { exitText, startFailure } from "./process/start-failure.js";
export { parseTarget, type Target, TargetError, targetText } from "./process/target.js";
export { type RecordOptions, record } from "./record.js";
export { badge } from "./report/badge.js";
export { html } from "./report/html.js";
export { controls, page as htmlPage } from "./report/html-assets.js";
export { esc as escapeHtml, show as showText } from "./report/html-escape.js";
export { diff as diffHtml, payload as payloadHtml } from "./report/html-evidence.js";
export { reporters } from "./report/index.js";
export { type MergedRun, mergeReports } from "./report/merge.js";
export { mergedFiles } from "./report/merged.js";
export { parseReport, parseReports, type ReportSet, readReports } from "./report/read.js";
export { type Ground, ground, type Requirement, requirement, severity } from "./requirements.js";
export { ownForShard, parseShard, type Shard, shardUnits } from "./shard.js";
export { findSuite, suites } from "./suites/index.js";
export { type GivenOwn, readOwn, readRecordingOwn } from "./suites/own-options.js";
export type {
  OwnValues,
  Suite,
  SuiteFlag,
  SuiteOptions,
  SuiteRecording,
  SuiteRun,
  SuiteTesting,
  SuiteUnits,
} from "./suites/suite.js";
export type { Answer, Call, ExchangeDriver } from "./traffic.js";
export { Traffic, type TrafficEntry } from "./traffic.js";
export {
  type CheckInfo,
  type CheckResult,
  type Detail,
  STATUSES,
  type Status,
  Verdicts,
} from "./verdicts.js";

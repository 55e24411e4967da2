// No fault: the plain host. It must pass every check (packages/conformance-runner/src/suites/slipway-host/suite.test.ts).
import { start } from "./_host.mjs";

start();

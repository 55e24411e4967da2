// Fault: passes the goal on argv (`run … -- GOAL`) instead of a goal file. Trips slipway-host/goal-file. Scenarios: plain.
import { start } from "./_host.mjs";

start({ runArgv: (root, _file, goal) => ["run", "--budget", "8", "--json", "--root", root, "--", goal] });

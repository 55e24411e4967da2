// No fault: a correct study that, when its stdin closes, leaves a grandchild holding its stdout and exits 0 itself.
import { spawn } from "node:child_process";
import { start } from "./_study.mjs";

start({
  onEof: () => {
    spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    process.exit(0);
  },
});

// Every slipway-host fake on a loaded machine (soak-fakes.ts); `pnpm test:soak` runs it.
import { soakFakes } from "./soak-fakes.js";

soakFakes("slipway-host");

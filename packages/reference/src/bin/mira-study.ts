#!/usr/bin/env node
// The reference Mira study over stdio: `node dist/bin/mira-study.js`. Exits when stdin closes.
import { serve } from "../mira-study/serve.js";

await serve();
process.exit(0);

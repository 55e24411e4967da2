#!/usr/bin/env node
// The reference slipway (machine protocol v2): `keel-slipway <command> …`, one process per call, state in
// a journal under the repository's git dir. See src/slipway/main.ts.
import { main } from "../slipway/main.js";

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const write = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);
process.exitCode = await main(
  process.argv.slice(2),
  { cwd: process.cwd(), readStdin },
  { stdout: write(process.stdout), stderr: write(process.stderr) },
);

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { lstatSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { digest, type Workspace } from "./workspace.js";

/** A git observation as journalled: `modified_unix_nano` is a decimal string (see json.ts). */
export interface PathObs {
  path: string;
  category: string;
  state: string;
  observation: "regular" | "symlink" | "content_unobserved" | "missing" | "non_regular" | "unreadable";
  size?: number;
  modified_unix_nano?: string;
  content_sha256?: string;
  content_fingerprint_kind?: "full_sha256" | "symlink_target_sha256";
}
export interface GitObs {
  version: 1;
  head: string;
  index_fingerprint: string;
  status_fingerprint: string;
  snapshot_hash: string;
  path_count: number;
  path_fingerprint: string;
  details_truncated: boolean;
  content_observation_complete: boolean;
  content_bytes_hashed: number;
  content_byte_limit: number;
  content_byte_limit_exceeded: boolean;
  content_deadline_exceeded: boolean;
  dirty_files: string[];
  path_observations: PathObs[];
}

const BYTE_LIMIT = 64 * 1024 * 1024;
const RETAINED = 1000;

/**
 * Observes the worktree with one `git status --porcelain=v2 -z --branch` (HEAD from its header, dirty
 * paths from its entries) plus the index file's bytes and each dirty path's metadata and content hash.
 * Hashes and bounded metadata only, never content. The status fingerprint covers the entries (the
 * sha256 of nothing for a clean tree, as the real CLI reports).
 */
export function observeGit(ws: Workspace): GitObs {
  const out = execFileSync(
    "git",
    [
      "-C",
      ws.root,
      "--no-optional-locks",
      "status",
      "--porcelain=v2",
      "-z",
      "--branch",
      "--untracked-files=all",
    ],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const records = out.split("\0").filter((r) => r !== "");
  let head = "";
  const entries: string[] = [];
  const paths: { path: string; category: string; state: string }[] = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i] as string;
    if (r.startsWith("# branch.oid ")) head = r.slice("# branch.oid ".length).replace("(initial)", "");
    if (r.startsWith("#")) continue;
    entries.push(r);
    const f = r.split(" ");
    if (r.startsWith("1 "))
      paths.push({ category: "ordinary", state: f[1] as string, path: f.slice(8).join(" ") });
    else if (r.startsWith("2 ")) {
      paths.push({ category: "rename_copy", state: f[1] as string, path: f.slice(9).join(" ") });
      entries.push(records[++i] as string); // the original path follows as its own record
    } else if (r.startsWith("u "))
      paths.push({ category: "unmerged", state: f[1] as string, path: f.slice(10).join(" ") });
    else if (r.startsWith("? ")) paths.push({ category: "untracked", state: "??", path: r.slice(2) });
  }
  let hashed = 0;
  let limitExceeded = false;
  const observations = paths.slice(0, RETAINED).map((p) => {
    const o = observePath(ws.root, p, BYTE_LIMIT - hashed);
    if (o.observation === "content_unobserved") limitExceeded = true;
    else if (o.observation === "regular") hashed += o.size ?? 0;
    return o;
  });
  const index = readOr(join(ws.identity.git_dir, "index"));
  const obs = {
    head,
    index_fingerprint: digest(index),
    status_fingerprint: digest(entries.join("\0")),
    path_fingerprint: digest(JSON.stringify(observations)),
  };
  return {
    version: 1,
    head,
    index_fingerprint: obs.index_fingerprint,
    status_fingerprint: obs.status_fingerprint,
    snapshot_hash: digest(JSON.stringify(obs)),
    path_count: paths.length,
    path_fingerprint: obs.path_fingerprint,
    details_truncated: paths.length > RETAINED,
    content_observation_complete: !limitExceeded && paths.length <= RETAINED,
    content_bytes_hashed: hashed,
    content_byte_limit: BYTE_LIMIT,
    content_byte_limit_exceeded: limitExceeded,
    content_deadline_exceeded: false,
    dirty_files: paths.slice(0, RETAINED).map((p) => p.path),
    path_observations: observations,
  };
}

function observePath(
  root: string,
  p: { path: string; category: string; state: string },
  budget: number,
): PathObs {
  const base = { path: p.path, category: p.category, state: p.state };
  const full = join(root, p.path);
  try {
    const s = lstatSync(full, { bigint: true });
    if (s.isSymbolicLink()) {
      const target = readlinkSync(full);
      return {
        ...base,
        observation: "symlink",
        size: Number(s.size),
        modified_unix_nano: String(s.mtimeNs),
        content_sha256: digest(target),
        content_fingerprint_kind: "symlink_target_sha256",
      };
    }
    if (!s.isFile()) return { ...base, observation: "non_regular" };
    const meta = { size: Number(s.size), modified_unix_nano: String(s.mtimeNs) };
    if (Number(s.size) > budget) return { ...base, observation: "content_unobserved", ...meta };
    const sha = createHash("sha256").update(readFileSync(full)).digest("hex");
    return {
      ...base,
      observation: "regular",
      ...meta,
      content_sha256: `sha256:${sha}`,
      content_fingerprint_kind: "full_sha256",
    };
  } catch (e) {
    return {
      ...base,
      observation: (e as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "unreadable",
    };
  }
}

function readOr(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch {
    return new Uint8Array();
  }
}

// How each language's round-trip driver is found, built (in a temporary directory) and run. Debian's
// toolchains (/usr/bin) are preferred over whatever else is on PATH: they are what CI installs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const here = (...p) => join(import.meta.dirname, ...p);

/** `/usr/bin/<name>` if there, else `<name>` on PATH; undefined when neither runs. */
function find(name, versionArgs) {
  for (const cmd of [`/usr/bin/${name}`, name]) {
    const r = spawnSync(cmd, versionArgs, { encoding: "utf8" });
    if (r.status === 0) return { cmd, version: (r.stdout || r.stderr).trim().split("\n")[0] };
  }
  return undefined;
}

function must(r, what) {
  if (r.status !== 0)
    throw new Error(`${what} failed (exit ${r.status}):\n${r.stderr}${r.stdout}`.slice(0, 4000));
}

const crate = (p) => `keel_${p.replace(/[^a-z0-9]/g, "_")}`;

export const LANGUAGES = {
  python: {
    toolchain() {
      const py = find("python3", ["--version"]);
      return py === undefined ? { missing: "python3" } : py;
    },
    prepare({ dirs, protocols, tool }) {
      return {
        command: tool.cmd,
        args: [here("roundtrip.py"), ...protocols.map((p) => join(dirs[p], "python"))],
      };
    },
  },
  go: {
    toolchain() {
      const go = find("go", ["version"]);
      return go === undefined ? { missing: "go (Debian: golang-go)" } : go;
    },
    prepare({ dirs, dir, protocols, tool }) {
      const mod = (p) => `github.com/keel/keel/packages/protocol-${p}/lang/go`;
      const gomod = [
        "module keelroundtrip",
        "",
        "go 1.19",
        "",
        ...protocols.map((p) => `require ${mod(p)} v0.0.0`),
        ...protocols.map((p) => `replace ${mod(p)} => ${join(dirs[p], "go")}`),
        "",
      ].join("\n");
      writeFileSync(join(dir, "go.mod"), gomod);
      const main = readFileSync(here("go", "main.go.tmpl"), "utf8")
        .replace("//IMPORTS", protocols.map((p) => `\tp_${crate(p)} "${mod(p)}"`).join("\n"))
        .replace("//DOCUMENTS", protocols.map((p) => `\t"${p}": p_${crate(p)}.Documents,`).join("\n"));
      writeFileSync(join(dir, "main.go"), main);
      const env = {
        ...process.env,
        GOFLAGS: "-mod=mod",
        GOPROXY: "off",
        GOTOOLCHAIN: "local",
        GO111MODULE: "on",
      };
      must(
        spawnSync(tool.cmd, ["build", "-o", "driver", "."], { cwd: dir, env, encoding: "utf8" }),
        "go build",
      );
      return { command: join(dir, "driver"), args: [] };
    },
  },
  rust: {
    toolchain() {
      const cargo = find("cargo", ["--version"]);
      if (cargo === undefined) return { missing: "cargo (Debian: cargo, rustc)" };
      if (cargo.cmd === "/usr/bin/cargo" && !existsSync("/usr/share/cargo/registry"))
        return { missing: "Debian's packaged crates (librust-serde-json-dev, librust-serde-derive-dev)" };
      return cargo;
    },
    prepare({ dirs, dir, protocols, tool }) {
      const deps = protocols.map((p) => `keel-${p} = { path = ${JSON.stringify(join(dirs[p], "rust"))} }`);
      writeFileSync(
        join(dir, "Cargo.toml"),
        `[package]\nname = "keel-roundtrip"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n${deps.join("\n")}\n\n[workspace]\n`,
      );
      mkdirSync(join(dir, "src"));
      mkdirSync(join(dir, ".cargo"));
      const dispatch = protocols
        .map((p) => `        "${p}" => ${crate(p)}::roundtrip(doc_type, text),`)
        .join("\n");
      writeFileSync(
        join(dir, "src", "main.rs"),
        readFileSync(here("rust", "main.rs.tmpl"), "utf8").replace("//DISPATCH", dispatch),
      );
      // offline: Debian's packaged crates stand in for crates.io
      if (tool.cmd === "/usr/bin/cargo")
        writeFileSync(
          join(dir, ".cargo", "config.toml"),
          '[source.crates-io]\nreplace-with = "debian"\n\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n\n[net]\noffline = true\n',
        );
      const env = { ...process.env, CARGO_TARGET_DIR: join(dir, "target") };
      if (tool.cmd === "/usr/bin/cargo")
        Object.assign(env, { RUSTC: "/usr/bin/rustc", CARGO_HOME: join(dir, ".cargo-home") });
      must(
        spawnSync(tool.cmd, ["build", "--offline", "--quiet"], {
          cwd: dir,
          env,
          encoding: "utf8",
        }),
        "cargo build",
      );
      return { command: join(dir, "target", "debug", "keel-roundtrip"), args: [] };
    },
  },
};

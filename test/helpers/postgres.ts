import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/** A PostgreSQL server started for one test run, on a loopback port, in a folder removed by `stop`. */
export interface TestPostgres {
  url: string;
  stop(): void;
  /** Stops the server (fast shutdown: sessions ended) and keeps its data, for `resume`. */
  halt(): void;
  /** Starts a halted server again on the same port, with the same data. */
  resume(): void;
  /** Freezes the server and every session of it (SIGSTOP: a hung host, a stalled disk), or thaws them (SIGCONT). */
  freeze(on: boolean): void;
}

/** Every database the tests create starts so, then the run's own part; a run fails if one of its own is left. */
export const testDatabasePrefix = "paperbot_t_";

const candidates = ["/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin"];

function binDir(): string {
  const given = process.env.PAPERBOT_PG_BIN;
  const found = [given, ...candidates].find((dir) => dir !== undefined && existsSync(join(dir, "initdb")));
  if (found === undefined) {
    throw new Error(
      "The store tests need PostgreSQL and found no initdb (looked in /usr/lib/postgresql/{15,16,17}/bin and " +
        "PAPERBOT_PG_BIN). Install it (`apt-get install -y postgresql`), or set PAPERBOT_TEST_PG_URL to a " +
        "server the tests may create and drop databases on.",
    );
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** initdb refuses to run as root: as root, run PostgreSQL's tools as the `postgres` user on a folder it owns. */
function asServerUser(command: string, args: string[]): string {
  const root = process.getuid?.() === 0;
  return execFileSync(root ? "runuser" : command, root ? ["-u", "postgres", "--", command, ...args] : args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Starts a throw-away PostgreSQL (trust auth on 127.0.0.1, no fsync) in a new folder under `parentDir`. */
export async function startTestPostgres(parentDir: string): Promise<TestPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(parentDir, "paperbot-pg-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, uid, gid);
    }
    const data = join(dir, "data");
    asServerUser(join(bin, "initdb"), [
      "-D",
      data,
      "--auth=trust",
      "-U",
      "postgres",
      "--no-sync",
      "-E",
      "UTF8",
      "--no-locale",
    ]);
    // A port another run takes between our check and the server's bind fails the start: try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = [
        "-c listen_addresses=127.0.0.1",
        `-p ${port}`,
        `-k ${dir}`,
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
        "-c max_connections=300",
      ].join(" ");
      try {
        asServerUser(join(bin, "pg_ctl"), [
          "-D",
          data,
          "-l",
          join(dir, "server.log"),
          "-w",
          "-t",
          "60",
          "-o",
          options,
          "start",
        ]);
      } catch (error) {
        if (attempt < 3) continue;
        const log = existsSync(join(dir, "server.log")) ? readFileSync(join(dir, "server.log"), "utf8") : "";
        throw new Error(
          `PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${log}`,
        );
      }
      const pgCtl = (...args: string[]) => asServerUser(join(bin, "pg_ctl"), ["-D", data, ...args]);
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        halt: () => void pgCtl("-m", "fast", "-w", "stop"),
        freeze(on) {
          // The postmaster's pid is the first line of postmaster.pid; its children are the sessions and workers.
          const postmaster = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
          const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(postmaster)], {
            encoding: "utf8",
          })
            .split("\n")
            .map((line) => Number(line.trim()))
            .filter((pid) => pid > 0);
          for (const pid of [postmaster, ...children]) process.kill(pid, on ? "SIGSTOP" : "SIGCONT");
        },
        resume: () => void pgCtl("-l", join(dir, "server.log"), "-w", "-t", "60", "-o", options, "start"),
        stop() {
          try {
            asServerUser(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
          } finally {
            remove();
          }
        },
      };
    }
  } catch (error) {
    remove();
    throw error;
  }
}

import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The thread-safe build: with the plain one, a thread that reads the clock while another re-reads a changed
// offset file can see time step back (measured here: dozens per 300k reads), and Node aborts on a monotonic
// clock below its timer base ("Assertion failed: (now) >= (timer_base())").
const libraryName = "faketime/libfaketimeMT.so.1";

/** Where Debian and others put it: /usr/lib/<multiarch triplet>/faketime/, or /usr/lib/faketime/. */
function libfaketimeCandidates(): string[] {
  const triplets = (() => {
    try {
      return readdirSync("/usr/lib").filter((name) => name.endsWith("-linux-gnu"));
    } catch {
      return [];
    }
  })();
  return [
    ...triplets.map((triplet) => `/usr/lib/${triplet}/${libraryName}`),
    `/usr/lib/${libraryName}`,
    `/usr/local/lib/${libraryName}`,
  ];
}

/** libfaketime's preload library; throws with the install command when it is missing. */
export function libfaketimePath(): string {
  const candidates = libfaketimeCandidates();
  const found = candidates.find((path) => existsSync(path));
  if (found === undefined) {
    throw new Error(
      "These tests move real processes' clocks with libfaketime and found none (looked in " +
        `${candidates.join(", ")}). Install it: apt-get install -y faketime`,
    );
  }
  return found;
}

/**
 * One simulated wall clock for any number of child processes (libfaketime reading an offset file on every
 * clock call) and for the test itself. Their monotonic clocks move with it, so a jump makes the processes'
 * due timers fire at their next wake-up, as if the time had passed. It only moves forward, to the second.
 */
export interface SharedClock {
  /** The environment that puts a child process on this clock. */
  env: Record<string, string>;
  /** The simulated time, in ms since the epoch: what the processes' Date.now() returns now. */
  now(): number;
  /** Moves every process on the clock to at least `ms` (forward only). */
  set(ms: number): void;
  advance(ms: number): void;
  /** Removes the offset file's folder (processes still on the clock fall back to the real time). */
  remove(): void;
}

export function createSharedClock(startMs: number): SharedClock {
  const library = libfaketimePath();
  const dir = mkdtempSync(join(tmpdir(), "paperbot-clock-"));
  const file = join(dir, "offset");
  let offsetSeconds = Number.NEGATIVE_INFINITY;
  const write = (seconds: number) => {
    // Written aside and renamed: a process reading the file mid-write would see no time at all.
    const aside = `${file}.next`;
    writeFileSync(aside, `${seconds >= 0 ? "+" : ""}${seconds}\n`);
    renameSync(aside, file);
    offsetSeconds = seconds;
  };
  const clock: SharedClock = {
    env: {
      LD_PRELOAD: library,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_NO_CACHE: "1",
    },
    now: () => Date.now() + offsetSeconds * 1000,
    set(ms) {
      const seconds = Math.ceil((ms - Date.now()) / 1000);
      if (seconds < offsetSeconds) throw new Error("the shared clock only moves forward");
      write(seconds);
    },
    advance(ms) {
      clock.set(clock.now() + ms);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  clock.set(startMs);
  return clock;
}

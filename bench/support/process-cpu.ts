// The CPU time (user + system) a child process has used, read from /proc on Linux. A server's CPU per
// request is the figure that the shared, noisy cores of this machine disturb least: requests per second
// move with whatever else runs, the work each request costs much less.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Milliseconds of CPU the process has used so far, or undefined where /proc is not there. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name, in parentheses, may hold spaces: count the fields after its closing parenthesis,
  // where utime and stime are the 12th and 13th (fields 14 and 15 of proc(5)).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / clockTicks() : undefined;
}

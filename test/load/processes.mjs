/**
 * Child processes and temporary directories of one bench run, and their guaranteed cleanup:
 * on normal exit, on failure and on SIGINT/SIGTERM. Every wait here has a deadline.
 */
import { spawn, execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const children = new Set();
const tempDirs = new Set();

export function makeTempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `sitewave-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

/**
 * Starts a long-running child. Its output goes to `logFile` (read back when it fails to
 * start) rather than through a pipe into this process, which would spend this process's CPU
 * during measurements. `announce: true` pipes stdout instead, for children that report their
 * port on the first line; `ipc: true` lets a node child notice when this process dies.
 */
export function startProcess(name, command, args, { env = process.env, cwd, logFile, announce = false, ipc = false } = {}) {
  const log = openSync(logFile, 'a');
  const stdio = ['ignore', announce ? 'pipe' : log, log];
  if (ipc) stdio.push('ipc');
  let child;
  try {
    child = spawn(command, args, { env, cwd, stdio });
  } finally {
    closeSync(log);
  }
  const handle = { name, child, logFile, exited: false, exitCode: null };
  handle.exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      handle.exited = true;
      handle.exitCode = code ?? signal;
      children.delete(handle);
      resolve(handle.exitCode);
    });
    child.once('error', (error) => {
      handle.exited = true;
      handle.exitCode = error.message;
      children.delete(handle);
      resolve(error.message);
    });
  });
  children.add(handle);
  return handle;
}

/** The first stdout line of an announcing child, parsed as JSON. */
export function firstLine(handle, timeoutMs) {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => fail(new Error(`${handle.name}: no announcement within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk) => {
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      done();
      try {
        resolve(JSON.parse(buffered.slice(0, newline)));
      } catch (error) {
        reject(new Error(`${handle.name}: bad announcement ${buffered.slice(0, newline)}`));
      }
    };
    const onExit = () => fail(new Error(`${handle.name} exited (${handle.exitCode}) before announcing its port:\n${tail(handle.logFile)}`));
    const done = () => {
      clearTimeout(timer);
      handle.child.stdout.off('data', onData);
      handle.child.off('exit', onExit);
      // Keep draining so a stray write can never block the child.
      handle.child.stdout.resume();
    };
    const fail = (error) => {
      done();
      reject(error);
    };
    handle.child.stdout.setEncoding('utf8');
    handle.child.stdout.on('data', onData);
    handle.child.once('exit', onExit);
  });
}

/** Runs a child to completion and returns its output; killed at the deadline. */
export function runToEnd(command, args, { timeoutMs, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const handle = { name: command, child, exited: false };
    children.add(handle);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')}: still running after ${timeoutMs} ms, killed`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      children.delete(handle);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      children.delete(handle);
      handle.exited = true;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Asks a process to stop, then kills it (and whatever it left behind) at the deadline. */
export async function stopProcess(handle, { signal = 'SIGTERM', graceMs = 5_000 } = {}) {
  if (!handle || handle.exited) return;
  const strays = descendants(handle.child.pid);
  handle.child.kill(signal);
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
  await Promise.race([handle.exitPromise, timer]);
  if (!handle.exited) {
    handle.child.kill('SIGKILL');
    await Promise.race([handle.exitPromise, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  }
  for (const pid of strays) killQuietly(pid, 'SIGKILL');
}

/** Last lines of a child's log, for an error message. */
export function tail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Process ids below `pid` (nginx's workers under its master), via /proc. */
export function descendants(pid) {
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const child of childrenOf(parent)) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function childrenOf(pid) {
  try {
    const out = [];
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (list) out.push(...list.split(/\s+/).map(Number));
    }
    return out;
  } catch {
    return [];
  }
}

let clockTicks;
function ticksPerSecond() {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return clockTicks;
}

/** CPU seconds (user + system) a process and its descendants have used so far. */
export function cpuSeconds(pid) {
  let ticks = 0;
  for (const id of [pid, ...descendants(pid)]) {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      // Fields after the command name, which may itself contain spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone between listing and reading: it used nothing more.
    }
  }
  return ticks / ticksPerSecond();
}

function statusField(pid, field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Resident memory of a process now, in bytes. */
export function rssBytes(pid) {
  return statusField(pid, 'VmRSS');
}

/** The most resident memory a process has had since it started, in bytes. */
export function peakRssBytes(pid) {
  return statusField(pid, 'VmHWM');
}

/** One GET on loopback with a deadline; resolves with status and body text. */
export function httpGet(url, headers = {}, timeoutMs = 2_000) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false, timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url}: no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

/** Polls `url` until it answers 2xx or the deadline passes. */
export async function waitForHttp(url, { timeoutMs = 15_000, headers = {}, handle } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no attempt';
  while (Date.now() < deadline) {
    if (handle?.exited) throw new Error(`${handle.name} exited (${handle.exitCode}) while starting:\n${tail(handle.logFile)}`);
    try {
      const answer = await httpGet(url, headers, 1_000);
      if (answer.status >= 200 && answer.status < 300) return answer;
      last = `status ${answer.status}: ${answer.body.slice(0, 200)}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms (${last})${handle ? `\n${tail(handle.logFile)}` : ''}`);
}

/** A port nobody listens on right now, for programs that must be told their port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function killQuietly(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops every child still running (gracefully, then by force) and removes the temp dirs. */
export async function cleanup() {
  await Promise.all([...children].map((handle) => stopProcess(handle, { graceMs: 3_000 })));
  removeTempDirs();
}

/** Last resort inside process 'exit', where nothing asynchronous runs any more. */
function cleanupSync() {
  for (const handle of children) {
    for (const pid of descendants(handle.child.pid)) killQuietly(pid, 'SIGKILL');
    killQuietly(handle.child.pid, 'SIGKILL');
  }
  children.clear();
  removeTempDirs();
}

function removeTempDirs() {
  for (const dir of tempDirs) {
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

/** Ctrl-C or a TERM from a CI runner still stops the servers and removes the temp dirs. */
let interrupted = false;
/** Whether a signal is stopping the run: what fails from now on is the shutdown, not the bench. */
export function isInterrupted() {
  return interrupted;
}

export function installSignalCleanup() {
  const onSignal = (signal) => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping the bench's processes\n`);
    const force = setTimeout(() => process.exit(130), 8_000);
    force.unref();
    cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', cleanupSync);
}

/** CPU seconds of this process's children that have exited and been waited for (the load generator). */
export function reapedChildrenCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond();
}

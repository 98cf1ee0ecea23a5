/**
 * Node twin of the service launcher (main-process code under plain Node: web harness, tests): spawns
 * `service/cli.ts serve` as a child process with this Node and the tsx loader, waits for its ready line, and
 * stops it with SIGTERM (then SIGKILL). The desktop app uses Electron's utilityProcess instead.
 */
import { spawn } from 'node:child_process';
import type { LaunchedService, LaunchOptions, ServiceLauncher } from '../services/ports.js';
import { lineSplitter, parseEnginesLine, parseReadyLine, serveArgs } from '../services/ready-line.js';

export interface NodeLauncherOptions {
  /** Path of `service/cli.ts` (or a built `cli.js`). */
  entry: string;
  /** Node flags before the entry, e.g. `['--import', 'tsx']` to run TypeScript. */
  nodeArgs?: string[];
  /** How long to wait for the ready line (Apertium warms up for a few seconds). */
  startTimeoutMs?: number;
  /** Receives the service's stderr lines (logs). */
  onLog?: (line: string) => void;
}

export function createNodeLauncher(o: NodeLauncherOptions): ServiceLauncher {
  return {
    launch(opts: LaunchOptions): Promise<LaunchedService> {
      // stdin stays open as a lifeline: if this process dies, the service sees it close and stops.
      const child = spawn(process.execPath, [...(o.nodeArgs ?? []), o.entry, ...serveArgs(opts), '--exit-with-stdin'], {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { ...process.env, NODE_OPTIONS: '' },
      });
      const exited = new Promise<{ code: number | null; reason: string }>((resolve) => {
        child.once('exit', (code, signal) => resolve({ code, reason: signal ? `signal ${signal}` : 'exited' }));
        child.once('error', (e) => resolve({ code: null, reason: e.message }));
      });
      const stderrTail: string[] = [];
      child.stderr.on(
        'data',
        lineSplitter((line) => {
          stderrTail.push(line);
          if (stderrTail.length > 20) stderrTail.shift();
          o.onLog?.(line);
        }),
      );
      return new Promise<LaunchedService>((resolve, reject) => {
        let engines: string[] | undefined;
        let done = false;
        const timer = setTimeout(() => {
          if (done) return;
          done = true;
          child.kill('SIGKILL');
          reject(new Error(`it did not report ready within ${Math.round((o.startTimeoutMs ?? 60_000) / 1000)} s`));
        }, o.startTimeoutMs ?? 60_000);
        const stop = async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(killer);
        };
        child.stdout.on(
          'data',
          lineSplitter((line) => {
            engines = parseEnginesLine(line) ?? engines;
            const info = parseReadyLine(line);
            if (!info || done) return;
            done = true;
            clearTimeout(timer);
            resolve({ ...info, ...(engines && { engines }), exited, stop });
          }),
        );
        void exited.then(({ code, reason }) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          const tail = stderrTail.slice(-3).join(' | ');
          reject(new Error(`it ${reason}${code === null ? '' : ` with code ${code}`} before it was ready${tail ? ` (${tail})` : ''}`));
        });
        opts.signal?.addEventListener('abort', () => void stop(), { once: true });
      });
    },
  };
}

/**
 * Service launcher over Electron's `utilityProcess` (main process, Electron only): runs the bundled local
 * Translation Service as a Node utility process (no ELECTRON_RUN_AS_NODE, which the fuses switch off), waits for
 * its ready line and stops it on request.
 */
import { utilityProcess } from 'electron';
import type { LaunchedService, LaunchOptions, ServiceLauncher } from '../services/ports.js';
import { lineSplitter, parseEnginesLine, parseReadyLine, serveArgs } from '../services/ready-line.js';

export function createUtilityProcessLauncher(o: { entry: string; execArgv?: string[]; startTimeoutMs?: number; onLog?: (line: string) => void }): ServiceLauncher {
  return {
    launch(opts: LaunchOptions): Promise<LaunchedService> {
      const child = utilityProcess.fork(o.entry, serveArgs(opts), {
        stdio: 'pipe',
        serviceName: 'Verso local translation service',
        ...(o.execArgv && { execArgv: o.execArgv }),
      });
      const exited = new Promise<{ code: number | null; reason: string }>((resolve) => {
        child.once('exit', (code) => resolve({ code, reason: 'exited' }));
      });
      child.stderr?.on('data', lineSplitter((l) => o.onLog?.(l)));
      return new Promise<LaunchedService>((resolve, reject) => {
        let engines: string[] | undefined;
        let done = false;
        const timer = setTimeout(() => {
          if (done) return;
          done = true;
          child.kill();
          reject(new Error(`it did not report ready within ${Math.round((o.startTimeoutMs ?? 60_000) / 1000)} s`));
        }, o.startTimeoutMs ?? 60_000);
        const stop = async () => {
          if (child.pid === undefined) return;
          child.kill();
          await exited;
        };
        child.stdout?.on(
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
        void exited.then(({ code }) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          reject(new Error(`it exited with code ${code ?? 'unknown'} before it was ready`));
        });
      });
    },
  };
}

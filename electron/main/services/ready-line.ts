/**
 * The local service's start-up handshake (main process, plain Node): it prints exactly one line
 * `[verso-service] ready pro=URL free=URL data=DIR` on stdout once both listeners are up. Shared by the
 * utilityProcess adapter and its child-process twin.
 */
const READY = /^\[verso-service\] ready pro=(\S+) free=(\S+) data=(.+)$/;

export interface ReadyInfo {
  proUrl: string;
  freeUrl: string;
  dataDir: string;
}

export function parseReadyLine(line: string): ReadyInfo | undefined {
  const m = READY.exec(line.trim());
  if (!m) return undefined;
  return { proUrl: m[1]!, freeUrl: m[2]!, dataDir: m[3]! };
}

const ENGINES = /^\[verso-service\] engines=(\S*)$/;

/** The engines line printed just before the ready line: the running engines' ids (empty: none). */
export function parseEnginesLine(line: string): string[] | undefined {
  const m = ENGINES.exec(line.trim());
  if (!m) return undefined;
  return m[1] ? m[1].split(',') : [];
}

/** Arguments of `service/cli.ts serve` for a loopback-only service with its own data dir. */
export function serveArgs(o: { dataDir: string; engines?: string[]; faults?: boolean }): string[] {
  const args = ['serve', '--host', '127.0.0.1', '--port', '0', '--free-port', '0', '--data-dir', o.dataDir];
  if (o.engines && o.engines.length > 0) args.push('--engines', o.engines.join(','));
  if (o.faults) args.push('--faults');
  return args;
}

/** Splits a byte stream into lines and calls `onLine` for each; returns the feed function. */
export function lineSplitter(onLine: (line: string) => void): (chunk: Buffer | string) => void {
  let buf = '';
  return (chunk) => {
    buf += chunk.toString();
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      onLine(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
      nl = buf.indexOf('\n');
    }
    // A line longer than this is not the ready line; keep memory bounded.
    if (buf.length > 64 * 1024) buf = buf.slice(-1024);
  };
}

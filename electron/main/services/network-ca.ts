/**
 * Extra trusted CA certificates (main process, plain Node): reads a PEM file the user names (a company CA that
 * inspects HTTPS), and checks a server's certificate chain against those CAs only. The Node transport gives the
 * PEMs to undici (`connect: { ca }`, beside Node's own roots); Electron's session asks `verifyChainWithExtraCa`
 * only for chains Chromium itself rejected (adapters/electron-proxy.ts), so the system's trust is never weakened.
 * Chain checks use node:crypto's X509Certificate (issuer, signature, validity, host name), not hand-parsed DER.
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export type CaProblem = 'not_found' | 'unreadable' | 'no_certificates';

export class CaFileError extends Error {
  override readonly name = 'CaFileError';
  constructor(
    readonly problem: CaProblem,
    detail: string,
  ) {
    super(detail);
  }
}

/** The CA certificates in a PEM text (each block checked to be a certificate); throws `CaFileError`. */
export function parseCaPem(text: string): string[] {
  const blocks = text.match(PEM_BLOCK) ?? [];
  const out: string[] = [];
  for (const b of blocks) {
    try {
      new X509Certificate(b);
      out.push(`${b}\n`);
    } catch {
      // A damaged block is skipped; the file is refused only when nothing usable is left.
    }
  }
  if (out.length === 0) throw new CaFileError('no_certificates', 'no PEM certificate found');
  return out;
}

/**
 * True when `chainPem` (leaf first, as Electron's `request.certificate` → `issuerCert` gives it) is valid now for
 * `hostname` and leads, signature by signature, to a certificate one of `caPems` issued (or to one of them).
 */
export function verifyChainWithExtraCa(chainPem: readonly string[], hostname: string, caPems: readonly string[], now = new Date()): boolean {
  if (chainPem.length === 0 || caPems.length === 0) return false;
  let chain: X509Certificate[];
  let cas: X509Certificate[];
  try {
    chain = chainPem.map((p) => new X509Certificate(p));
    cas = caPems.map((p) => new X509Certificate(p));
  } catch {
    return false;
  }
  const valid = (c: X509Certificate) => new Date(c.validFrom) <= now && now <= new Date(c.validTo);
  const leaf = chain[0]!;
  const hostOk = isIP(hostname) ? leaf.checkIP(hostname) !== undefined : leaf.checkHost(hostname) !== undefined;
  if (!hostOk) return false;
  for (let i = 0; i < chain.length; i++) {
    const cert = chain[i]!;
    if (!valid(cert)) return false;
    // The chain reaches one of the extra CAs: issued by it (signature checked) or it is the CA itself.
    const anchor = cas.find((ca) => ca.fingerprint256 === cert.fingerprint256 || (cert.checkIssued(ca) && cert.verify(ca.publicKey)));
    // A listed certificate is trusted as given (like a trust store entry); one it issued needs it to be a CA.
    if (anchor) return valid(anchor) && (anchor.fingerprint256 === cert.fingerprint256 || anchor.ca);
    const next = chain[i + 1];
    // Each link must be signed by the next one, which must be a CA.
    if (!next || !next.ca || !cert.checkIssued(next) || !cert.verify(next.publicKey)) return false;
  }
  return false;
}

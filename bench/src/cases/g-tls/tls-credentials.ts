/**
 * Case G's certificate: an ECDSA P-256 key and a self-signed certificate for one IP address, made by
 * `openssl` at run time and kept in memory only. The key never touches a file: openssl writes it to
 * its stdout pipe, and the services get it through their environment.
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { run } from '../../harness/spawn.ts';

/** A key and its certificate, PEM text, plus what the results record about them. */
export interface TlsCredentials {
  /** PKCS#8 PEM of the private key. Never written to a file, the results or a log. */
  readonly keyPem: string;
  /** PEM of the self-signed certificate; the client trusts exactly this one. */
  readonly certPem: string;
  /** e.g. "ECDSA P-256 (prime256v1), self-signed, SAN IP:127.0.0.1". */
  readonly certificateType: string;
  /** SHA-256 fingerprint of the certificate, colon-separated hex. */
  readonly fingerprint256: string;
}

/** Service environment variables that carry the credentials to a forked TLS service. */
export const TLS_ENV = { key: 'HOP_BENCH_TLS_KEY_PEM', cert: 'HOP_BENCH_TLS_CERT_PEM' } as const;

/** Whether `openssl` can be run here; resolves to its version line or null. Never rejects. */
export function opensslVersion(): Promise<string | null> {
  return run('openssl', ['version'], { timeoutMs: 10_000 }).then((r) => (r.code === 0 ? r.stdout.trim() : null), () => null);
}

/**
 * Generates an ECDSA P-256 key and a certificate for `ip`, valid for one day.
 * @throws Error when `ip` is not an IP address, openssl fails, or the certificate is not what was asked.
 */
export async function generateTlsCredentials(ip: string): Promise<TlsCredentials> {
  if (isIP(ip) === 0) throw new Error(`case G: the certificate is for an IP address, got "${ip}"`);
  const args = [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-keyout', '-', '-out', '-', '-days', '1', '-sha256',
    '-subj', `/CN=${ip}`, '-addext', `subjectAltName=IP:${ip}`, '-addext', 'basicConstraints=critical,CA:FALSE',
  ];
  let r;
  try {
    r = await run('openssl', args, { timeoutMs: 30_000 });
  } catch (error) {
    throw new Error(`case G: openssl could not make a certificate: ${(error as Error).message}`);
  }
  if (r.code !== 0) throw new Error(`case G: openssl could not make a certificate: ${r.stderr.trim() || `exit code ${r.code}`}`);
  const keyPem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n/.exec(r.stdout)?.[0];
  const certPem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/.exec(r.stdout)?.[0];
  if (!keyPem || !certPem) throw new Error('case G: openssl printed no key and certificate');
  const cert = new X509Certificate(certPem);
  const curve = cert.publicKey.asymmetricKeyDetails?.namedCurve;
  if (cert.publicKey.asymmetricKeyType !== 'ec' || curve !== 'prime256v1' || !cert.checkIP(ip)) {
    throw new Error(`case G: openssl made a ${cert.publicKey.asymmetricKeyType} ${curve} certificate for ${cert.subjectAltName}, expected ECDSA P-256 for IP ${ip}`);
  }
  return {
    keyPem,
    certPem,
    certificateType: `ECDSA P-256 (${curve}), self-signed, SAN ${cert.subjectAltName}`,
    fingerprint256: cert.fingerprint256,
  };
}

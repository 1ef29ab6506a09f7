import { createHmac, createHash } from 'node:crypto';
import { historyDigestText, type PscStreamHead } from '@medchest/domain';

/**
 * The digest of the history a PSC pack was built from: sha256 over the domain's digest text (one
 * line per stream head), and its HMAC-SHA256 under the history key, which only the server holds.
 * An auditor recomputes the digest from the printed heads; the signature shows the server made it.
 */
export function packDigest(key: Buffer, heads: readonly PscStreamHead[]): { digest: string; signature: string } {
  const digest = createHash('sha256').update(historyDigestText(heads)).digest('hex');
  const signature = createHmac('sha256', key).update(`psc-pack\n${digest}`).digest('hex');
  return { digest, signature };
}

/**
 * The /inventory search (spec 000 §2): by vessel name or IMO number, case-insensitive, ignoring
 * spaces around the query and inside an IMO number as people type it ("IMO 930 1005").
 */
export function searchVessels<T extends { vesselName: string; imoNumber: string }>(vessels: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...vessels];
  const imoQuery = q.replace(/^imo\s*/, '').replace(/\s+/g, '');
  return vessels.filter(
    (v) => v.vesselName.toLowerCase().includes(q) || (imoQuery !== '' && v.imoNumber.toLowerCase().includes(imoQuery)),
  );
}

import type { ContractEndTone } from '@medchest/domain';
import type { Vessel } from '@medchest/domain';

/** The distinct non-empty values of one vessel field, sorted, for a filter or input suggestions. */
export function distinctValues(vessels: readonly Vessel[], pick: (v: Vessel) => string | null | undefined): string[] {
  return [...new Set(vessels.map(pick).filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));
}

/** What the vessel form suggests for its free-text Fleet and Ownership Company inputs. */
export function vesselSuggestions(vessels: readonly Vessel[]): { fleets: string[]; companies: string[] } {
  return {
    fleets: distinctValues(vessels, (v) => v.fleet),
    companies: distinctValues(vessels, (v) => v.ownershipCompany),
  };
}

/** Contract End colouring (spec 000 §2): red if past, amber within 90 days, otherwise muted. */
export const CONTRACT_END_CLASS: Record<ContractEndTone, string> = {
  past: 'text-danger',
  soon: 'text-warning',
  normal: 'text-muted',
};

import { useMemo } from 'react';
import { useCarriers } from '../api/items-queries';

/** Names for the carrier ids items carry, used until (or if) logistics' GET /api/carriers answers. */
const KNOWN_CARRIERS: Record<string, string> = {
  ups: 'UPS',
  fedex: 'FedEx',
  usps: 'USPS',
  dhl: 'DHL',
  amazon: 'Amazon',
  ontrac: 'OnTrac',
  'canada-post': 'Canada Post',
  purolator: 'Purolator',
};

/** id → display name, from logistics' list when it has one. */
export function useCarrierName(): (id: string) => string {
  const carriers = useCarriers();
  return useMemo(() => {
    const names = new Map((carriers.data ?? []).map((c) => [c.id, c.name]));
    return (id: string) => names.get(id) ?? KNOWN_CARRIERS[id] ?? id;
  }, [carriers.data]);
}

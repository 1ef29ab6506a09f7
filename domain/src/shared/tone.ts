/**
 * The colour family a status is shown in (a badge, a card's accent), one name per meaning so that
 * every screen colours a status alike: the web maps each to its badge class. Each status set's
 * tones live beside its labels (VESSEL_STATUS_TONES, ITEM_STATUS_TONES, CERTIFICATE_BADGE_TONES,
 * CERTIFICATE_STATUS_TONES, ORDER_STATUS_TONES, USER_STATUS_TONES).
 */
export type StatusTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'navy';

/** The tone of `value` in `tones`; a value the set does not name (or none) is neutral. */
export function toneOf<K extends string>(tones: Readonly<Record<K, StatusTone>>, value: string | null | undefined): StatusTone {
  return value && Object.hasOwn(tones, value) ? tones[value as K] : 'neutral';
}

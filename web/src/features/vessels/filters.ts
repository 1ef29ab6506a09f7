import { useEffect, useState } from 'react';

/** A filter's value when it does not narrow anything down (spec 000 §2: each defaults to all). */
export const ALL = 'all';

/**
 * What a filter selects given the options it offers now. A choice that is no longer among them
 * (its last vessel was edited into another fleet, or deleted) selects all: the select cannot show
 * it, so the list must not filter by it either.
 */
export function effectiveFilter(selected: string, options: readonly string[]): string {
  return selected === ALL || options.includes(selected) ? selected : ALL;
}

/**
 * A filter's state, always one of `options` or ALL: a vanished choice is reset to ALL, so the
 * select, the list, the count and the empty state agree. `ready` is false while the options are
 * not known yet (the list is loading), when no choice is judged.
 */
export function useOptionFilter(options: readonly string[], ready: boolean): [string, (value: string) => void] {
  const [selected, setSelected] = useState(ALL);
  const value = ready ? effectiveFilter(selected, options) : selected;
  useEffect(() => {
    if (value !== selected) setSelected(value);
  }, [value, selected]);
  return [value, setSelected];
}

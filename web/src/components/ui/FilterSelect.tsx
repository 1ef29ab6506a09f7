/**
 * A labelled filter select whose first option selects everything (`allValue`, 'all' by default):
 * the list filters of the vessels, activity and history pages.
 */
export function FilterSelect({
  id,
  label,
  allLabel,
  allValue = 'all',
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  /** The text of the option that does not narrow anything down; omitted: no such option. */
  allLabel?: string;
  allValue?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="filter">
      <label htmlFor={id} className="filter__label">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={id}>
        {allLabel !== undefined && <option value={allValue}>{allLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

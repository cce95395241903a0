/** A small labelled choice above a list (status, model …); a native select, so it is light and familiar. */
import { useId } from 'react';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

export function FilterSelect<V extends string>(props: { label: string; value: V; options: readonly FilterOption<V>[]; onChange: (value: V) => void }) {
  const id = useId();
  return (
    <div className="filter-select">
      <label htmlFor={id} className="filter-select-label">
        {props.label}
      </label>
      <select
        id={id}
        className="filter-select-control"
        value={props.value}
        onChange={(event) => {
          const option = props.options.find((o) => o.value === event.target.value);
          if (option) props.onChange(option.value);
        }}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

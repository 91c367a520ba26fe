import { memo } from 'react';
import { CURRENCIES } from '../../../../shared/workspace';
import { SelectField, type ValueFieldProps } from './form-controls';

/** The currency of a price (the firm's by default), one of those a firm may price in; not redrawn by other fields' typing. */
export const CurrencySelect = memo(function CurrencySelect({ id, label, value, error, onChange }: ValueFieldProps) {
  return (
    <SelectField id={id} label={label} value={value} error={error} onChange={(event) => onChange(event.target.value)}>
      {CURRENCIES.map((currency) => (
        <option key={currency} value={currency}>
          {currency}
        </option>
      ))}
    </SelectField>
  );
});

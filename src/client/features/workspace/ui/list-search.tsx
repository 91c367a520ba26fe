import { useState } from 'react';
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import styles from './workspace-list.module.css';

interface ListSearchProps {
  id: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  maxLength: number;
  /** Off for codes (order references), where a spelling check only marks them. */
  spellCheck?: boolean;
  className?: string;
  /** The words searched for: on submit, and '' as soon as the box is emptied. */
  onSearch: (q: string) => void;
  /** what the box holds at first (the search the address keeps) */
  initial?: string;
}

/** The search box above a workspace list (followers, orders): a pill with its submit button. */
export function ListSearch({
  id,
  label,
  placeholder,
  submitLabel,
  maxLength,
  spellCheck,
  className,
  onSearch,
  initial = '',
}: ListSearchProps) {
  const [typed, setTyped] = useState(initial);
  return (
    <form
      role="search"
      className={className ? `${styles.search} ${className}` : styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={typed}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={spellCheck}
        placeholder={placeholder}
        onChange={(event) => {
          setTyped(event.target.value);
          if (event.target.value === '') onSearch('');
        }}
      />
      <Button type="submit" variant="icon" aria-label={submitLabel}>
        <Search size={18} aria-hidden="true" />
      </Button>
    </form>
  );
}

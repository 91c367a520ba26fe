import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import styles from './admin.module.css';

/** A search box that searches when sent (Enter or the button), not at each key. */
export function SearchForm({ id, label, onSearch }: { id: string; label: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(q.trim());
  };
  return (
    <form className={styles.search} onSubmit={submit} role="search">
      <TextField id={id} label={label} value={q} onChange={(e) => setQ(e.target.value)} maxLength={100} autoComplete="off" />
      <Button type="submit" variant="secondary">
        {t('search')}
      </Button>
    </form>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import type { SearchType } from '../../../../shared/search-kinds';
import { buttonClass } from '../../../components/ui/button';
import styles from './search.module.css';

/**
 * What is typed into the form the search route shows while its page loads (SearchPending), and whether the box
 * has the focus: the page's own form, which replaces it a moment later, starts from there. Without it the words
 * typed in that moment went with the box, and Enter then searched for nothing.
 */
let typedWhileLoading: { value: string; focused: boolean } | undefined;

function takeTypedWhileLoading() {
  const typed = typedWhileLoading;
  typedWhileLoading = undefined;
  return typed;
}

interface SearchFormProps {
  q: string;
  type?: SearchType;
  label: string;
  submit: string;
  placeholder?: string;
  /** the form shown while the page loads: it hands what is typed to the page's form */
  whileLoading?: boolean;
}

/** The search box: a plain GET form, so it works before the scripts arrive. */
export function SearchForm({ q, type, label, submit, placeholder, whileLoading = false }: SearchFormProps) {
  const input = useRef<HTMLInputElement>(null);
  const [kept] = useState(() => (whileLoading ? undefined : takeTypedWhileLoading()));
  useEffect(() => {
    if (whileLoading) typedWhileLoading = { value: input.current?.value ?? '', focused: document.activeElement === input.current };
    else if (kept?.focused) input.current?.focus();
  }, [whileLoading, kept]);
  const keep = whileLoading
    ? () => (typedWhileLoading = { value: input.current?.value ?? '', focused: document.activeElement === input.current })
    : undefined;
  return (
    <form method="get" action="/search" role="search" className={styles.form}>
      <label htmlFor="search-q" className="visually-hidden">
        {label}
      </label>
      <input
        ref={input}
        id="search-q"
        name="q"
        type="search"
        defaultValue={kept?.value || q}
        placeholder={placeholder}
        className={styles.input}
        maxLength={100}
        onInput={keep}
        onFocus={keep}
        onBlur={keep}
      />
      {type && <input type="hidden" name="type" value={type} />}
      <button type="submit" className={buttonClass({ variant: 'primary' })}>
        <Search size={18} aria-hidden="true" />
        {submit}
      </button>
    </form>
  );
}

/**
 * The search page at once, while its own code, words and results load: the page being left no longer stays on
 * screen under the new address, where what was typed went into that page's boxes (the explore page has one). Its
 * words are the header's (loaded with every page); what is typed here carries over to the page's form.
 */
export function SearchPending({ q, type }: { q: string; type?: SearchType }) {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('header.search')}</h1>
      <SearchForm q={q} type={type} label={t('header.search')} submit={t('header.search')} whileLoading />
    </section>
  );
}

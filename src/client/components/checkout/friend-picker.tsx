import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import type { Person } from '../../../shared/people';
import { FRIEND_SEARCH_LIST_HEIGHT_PX } from '../../../shared/limits';
import { friendSearchFor, useFriendSearch } from '../../lib/friend-search';
import { PersonAvatar } from '../ui/person-avatar';
import styles from './friend-picker.module.css';

interface FriendPickerProps {
  userId: string;
  /** people already chosen: never offered */
  excludeIds: readonly string[];
  onPick: (person: Person) => void;
  label: string;
  placeholder: string;
  disabled?: boolean;
}

/**
 * A typeahead over the user's friends (from 1 character, 200 ms debounce, 20
 * results, distinct, without the chosen ones, a failed search an empty list, 'No matches', a
 * 200 px list). Arrow keys move through the list, Enter picks, Escape closes it.
 */
export function FriendPicker({ userId, excludeIds, onPick, label, placeholder, disabled }: FriendPickerProps) {
  const { t } = useTranslation('tickets');
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useMemo(() => friendSearchFor(userId), [userId]);
  const { status, results } = useFriendSearch(text, excludeIds, search);
  const expanded = open && status !== 'idle';
  const current = Math.min(active, Math.max(results.length - 1, 0));

  const pick = (person: Person) => {
    onPick(person);
    setText('');
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length) setActive((current + (event.key === 'ArrowDown' ? 1 : results.length - 1)) % results.length);
    } else if (event.key === 'Enter' && expanded && results[current]) {
      event.preventDefault();
      pick(results[current]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className={styles.picker}>
      <label className={styles.label} htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className={styles.inputWrap}>
        <Search size={18} aria-hidden="true" className={styles.icon} />
        <input
          id={`${id}-input`}
          className={styles.input}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-activedescendant={expanded && results[current] ? `${id}-option-${results[current].id}` : undefined}
          placeholder={placeholder}
          value={text}
          disabled={disabled}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {expanded && (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={label}
          className={styles.list}
          style={{ maxBlockSize: FRIEND_SEARCH_LIST_HEIGHT_PX }}
          data-testid="friend-results"
        >
          {status === 'searching' && results.length === 0 && (
            <li className={styles.note} role="presentation">
              {t('friends.searching')}
            </li>
          )}
          {status === 'done' && results.length === 0 && (
            <li className={styles.note} role="presentation">
              {t('friends.noMatches')}
            </li>
          )}
          {results.map((person, index) => (
            // the keyboard picks through the combobox input (arrows, Enter) that names this option active; a click is the pointer's way
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={person.id}
              id={`${id}-option-${person.id}`}
              role="option"
              aria-selected={index === current}
              className={styles.option}
              // keep the focus in the input: a click picks without blurring first
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(person)}
            >
              <PersonAvatar name={person.name} imagePath={person.imagePath} size={32} />
              <span dir="auto">{person.name}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

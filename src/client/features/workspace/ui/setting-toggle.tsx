import ui from './workspace-ui.module.css';
import styles from './setting-toggle.module.css';

interface SettingToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** what the current choice means */
  state: string;
  disabled?: boolean;
}

/** A yes/no setting: a checkbox with its name, and what the current choice means. */
export function SettingToggle({ checked, onChange, label, state, disabled }: SettingToggleProps) {
  return (
    <label className={styles.toggle}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <span>
        <span className={styles.label}>{label}</span>
        <span className={ui.muted}>{state}</span>
      </span>
    </label>
  );
}

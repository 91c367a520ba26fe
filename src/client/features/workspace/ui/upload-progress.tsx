import ui from './workspace-ui.module.css';

/**
 * A file on its way up: the bar and the words that say how far it is, read out politely as they change.
 * `className` adds the place's own spacing (the blog editor's toolbar, for one).
 */
export function UploadProgress({ id, value, label, className }: { id: string; value: number; label: string; className?: string }) {
  return (
    <div className={className ? `${ui.progress} ${className}` : ui.progress}>
      <progress max={1} value={value} aria-labelledby={id} />
      <span id={id} aria-live="polite">
        {label}
      </span>
    </div>
  );
}

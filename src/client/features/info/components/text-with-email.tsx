import { Fragment } from 'react';

/**
 * Renders a translated sentence that contains an email address (put there by interpolation)
 * with the address as a mailto link. The link is isolated left-to-right so the address reads
 * correctly inside Arabic text.
 */
export function TextWithEmail({ text, email }: { text: string; email: string }) {
  const parts = text.split(email);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <a href={`mailto:${email}`} dir="ltr">
              {email}
            </a>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}

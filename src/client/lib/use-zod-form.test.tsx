import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { initTestI18n } from '../components/test-utils';
import { useZodForm, type MessageDisplay } from './use-zod-form';

const schema = z.object({ name: z.string().min(1) });

function NameForm({ display }: { display?: MessageDisplay }) {
  const form = useZodForm(schema, { name: '' }, { name: 'Name' }, display);
  return (
    <form onSubmit={form.handleSubmit(() => {})} noValidate>
      <input aria-label="Name" {...form.field('name')} />
      {form.errorOf('name') && <p role="alert">{form.errorOf('name')}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

beforeAll(initTestI18n);

describe('useZodForm message display', () => {
  it('always: a stored value that does not pass says so before anyone types', () => {
    render(<NameForm display="always" />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('touched (the default): once the field was left, or the form sent', () => {
    render(<NameForm />);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(screen.getByLabelText('Name'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('submit: leaving the field says nothing; sending the form does', () => {
    render(<NameForm display="submit" />);
    fireEvent.blur(screen.getByLabelText('Name'));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});

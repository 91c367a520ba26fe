import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ChoiceCards } from './fields';

describe('ChoiceCards', () => {
  it('draws an option’s icon as decoration and keeps a disabled option from being chosen', () => {
    render(
      <ChoiceCards
        legend="How"
        name="how"
        value="pickup"
        onChange={() => {}}
        options={[
          { value: 'pickup', label: 'Pickup', icon: <svg data-testid="pickup-icon" /> },
          { value: 'delivery', label: 'Delivery', description: 'From €10.00', disabled: true },
        ]}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Pickup' })).toBeChecked();
    expect(screen.getByTestId('pickup-icon').parentElement?.getAttribute('aria-hidden')).toBe('true');
    const delivery = screen.getByRole('radio', { name: /Delivery/ });
    expect(delivery).toBeDisabled();
  });
});

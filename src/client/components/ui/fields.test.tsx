import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChoiceCards, MultiChoice } from './fields';

afterEach(cleanup);

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

describe('MultiChoice', () => {
  function picked(initial: string[], click: string) {
    const onChange = vi.fn();
    render(
      <MultiChoice
        legend="Dietary"
        value={initial}
        onChange={onChange}
        options={[
          { value: 'vegan', label: 'Vegan' },
          { value: 'halal', label: 'Halal' },
          { value: 'kosher', label: 'Kosher', disabled: true },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: click }));
    return onChange;
  }

  it('adds an option that was not chosen, keeping values another picker over the same list chose', () => {
    expect(picked(['nuts'], 'Vegan')).toHaveBeenCalledWith(['nuts', 'vegan']);
  });

  it('removes an option that was chosen when it is chosen again', () => {
    expect(picked(['nuts', 'vegan'], 'Vegan')).toHaveBeenCalledWith(['nuts']);
  });

  it('keeps a disabled option from being chosen', () => {
    expect(picked([], 'Kosher')).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Kosher' })).toBeDisabled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChoiceCards, MultiChoice, SwitchRow } from './fields';

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

describe('SwitchRow', () => {
  function saving() {
    let settle!: (saved: boolean) => void;
    const onChange = vi.fn(() => new Promise<boolean>((resolve) => (settle = resolve)));
    const view = render(<SwitchRow id="s" label="Takes orders" checked={false} onChange={onChange} />);
    return { onChange, settle: (saved: boolean) => settle(saved), view };
  }

  it('moves under the finger while its save is on its way, and shows what was saved once it is done', async () => {
    const { onChange, settle, view } = saving();
    fireEvent.click(screen.getByRole('switch', { name: 'Takes orders' }));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('switch')).toBeChecked();
    view.rerender(<SwitchRow id="s" label="Takes orders" checked onChange={onChange} />);
    await act(async () => settle(true));
    expect(screen.getByRole('switch')).toBeChecked();
  });

  it('goes back when the save is refused (its `checked` never changed)', async () => {
    const { settle } = saving();
    fireEvent.click(screen.getByRole('switch', { name: 'Takes orders' }));
    expect(screen.getByRole('switch')).toBeChecked();
    await act(async () => settle(false));
    expect(screen.getByRole('switch')).not.toBeChecked();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/react';
import { pageSearch, Paginator, showPaginator } from './paginator';

describe('paginator rules', () => {
  it('shows only for a non-empty list with more than one page', () => {
    expect(showPaginator(0, 0)).toBe(false);
    expect(showPaginator(3, 1)).toBe(false);
    expect(showPaginator(13, 2)).toBe(true);
  });

  it('puts ?page=N in the url only above page 1', () => {
    expect(pageSearch(1)).toEqual({});
    expect(pageSearch(2)).toEqual({ page: 2 });
  });

  it('emits previous/next only when not disabled and shows the current page', () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    render(<Paginator page={1} previousDisabled nextDisabled={false} onPrevious={onPrevious} onNext={onNext} />);
    expect(screen.getByText('1').tagName).toBe('STRONG');
    const [previous, next] = screen.getAllByRole('button');
    fireEvent.click(previous);
    expect(onPrevious).not.toHaveBeenCalled();
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});

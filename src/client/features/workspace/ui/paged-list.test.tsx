import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CursorPaged } from '../../../../shared/paging';
import { CursorList, useCursorPages } from './paged-list';

/** three keyset pages of two rows: each page's rows and the cursor after it */
const PAGES: Record<string, CursorPaged<string>> = {
  first: { content: ['a', 'b'], size: 2, nextCursor: 'after-b' },
  'after-b': { content: ['c', 'd'], size: 2, nextCursor: 'after-d' },
  'after-d': { content: ['e'], size: 2, nextCursor: null },
};

function Orders({ pages: all = PAGES }: { pages?: Record<string, CursorPaged<string>> }) {
  const pages = useCursorPages();
  const query = { isPending: false, isError: false, data: all[pages.cursor ?? 'first'] } as UseQueryResult<CursorPaged<string>>;
  return (
    <CursorList query={query} pages={pages} empty={<p>none</p>}>
      {(items) => <p data-testid="rows">{items.join(' ')}</p>}
    </CursorList>
  );
}

afterEach(cleanup);

describe('a list of keyset pages', () => {
  it('goes forward by each page’s cursor and back through the ones it went by, numbering the pages', () => {
    render(<Orders />);
    const rows = () => screen.getByTestId('rows').textContent;
    const [previous, next] = screen.getAllByRole('button');
    expect(rows()).toBe('a b');
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(rows()).toBe('c d');
    expect(screen.getByText('2').tagName).toBe('STRONG');
    fireEvent.click(next);
    expect(rows()).toBe('e');
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(rows()).toBe('e');
    fireEvent.click(previous);
    fireEvent.click(previous);
    expect(rows()).toBe('a b');
    expect(screen.getByText('1').tagName).toBe('STRONG');
  });

  it('shows no paginator when one page holds the whole list', () => {
    render(<Orders pages={{ first: { content: ['a'], size: 2, nextCursor: null } }} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});

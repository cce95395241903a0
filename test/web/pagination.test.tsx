/** The pagination under a list: exact totals, and totals the API gave only as a lower bound. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../web/ui/Pagination.js';

const next = () => screen.getByRole('button', { name: 'Next' });

describe('Pagination', () => {
  it('shows an exact total, numbers written as the language writes them, and closes the way past the last page', () => {
    render(<Pagination page={50} perPage={25} total={1240} onPage={vi.fn()} onPerPage={vi.fn()} />);
    expect(screen.getByText('1,226–1,240 of 1,240')).toBeTruthy();
    expect(screen.getByText('Page 50 of 50')).toBeTruthy();
    expect(next().hasAttribute('disabled') || next().getAttribute('aria-disabled') === 'true' || next().hasAttribute('data-disabled')).toBe(true);
  });

  it('shows a lower bound as "1,000+" and keeps the next page open past it', async () => {
    const onPage = vi.fn();
    render(<Pagination page={40} perPage={25} total={1000} totalIsLowerBound onPage={onPage} onPerPage={vi.fn()} />);
    expect(screen.getByText('976–1,000 of 1,000+')).toBeTruthy();
    expect(screen.getByText('Page 40 of 40+')).toBeTruthy();
    await userEvent.click(next());
    expect(onPage).toHaveBeenCalledWith(41);
  });
});

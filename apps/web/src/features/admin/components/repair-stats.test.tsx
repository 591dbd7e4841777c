import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router';
import { RepairStatsBlock } from './dashboard-admin';

describe('<RepairStatsBlock> (the dashboard, issue 16)', () => {
  it('shows the open tickets, those ready for pickup, the average days in repair and the open tickets per status', () => {
    render(
      <MemoryRouter>
        <RepairStatsBlock
          stats={{ open: 7, readyForPickup: 2, averageDaysInRepair: 3.25, openByStatus: { received: 3, ready: 2, repairing: 2 } }}
        />
      </MemoryRouter>,
    );
    const block = screen.getByRole('region', { name: /Riparimet/ });
    expect(within(block).getByTestId('repairs-open')).toHaveTextContent('7');
    expect(within(block).getByRole('link', { name: '2' })).toHaveAttribute('href', '/admin/riparimet?status=ready');
    expect(within(block).getByTestId('repairs-average')).toHaveTextContent('3,3 ditë');
    const byStatus = within(block).getByRole('list', { name: 'Të hapura sipas statusit' });
    expect(
      within(byStatus)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Pranuar: 3', 'Në diagnostikim: 0', 'Pret aprovimin: 0', 'Pret pjesë: 0', 'Në riparim: 2', 'Gati për marrje: 2']);
  });

  it('says there is no average yet when no ticket has been handed over', () => {
    render(
      <MemoryRouter>
        <RepairStatsBlock stats={{ open: 0, readyForPickup: 0, averageDaysInRepair: null, openByStatus: {} }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('repairs-average')).toHaveTextContent('—');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAt } from '../../../test/storefront-render';
import { ServicesOverview } from '../../../features/services/components/services-overview';
import TelefonaPage from './telefona';
import PlaystationPage from './playstation';
import ServisiPage from './servisi';
import AsistencaPage from './asistenca';
import { playstationParts } from '../../../features/services/data/service-items';

describe('services', () => {
  it("lists five services with 'Me shume' links to their routes", () => {
    renderAt(<ServicesOverview heading="Sherbimet qe ofrojme" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Sherbimet qe ofrojme' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /Me shume/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/sherbimet/mirembajtja',
      '/sherbimet/telefona',
      '/sherbimet/playstation',
      '/sherbimet/servisi',
      '/sherbimet/asistenca',
    ]);
    expect(links.every((l) => l.textContent?.includes('Me shume'))).toBe(true);
  });

  it.each([
    ['Pjesë për telefona', TelefonaPage],
    ['Pjesë për PlayStation', PlaystationPage],
    ['Servisi i riparimit', ServisiPage],
    ['Asistenca mobile', AsistencaPage],
  ])('%s shows six items without prices or cart buttons', (title, Page) => {
    renderAt(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const list = document.querySelector('.service-items') as HTMLElement;
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(list).queryByText(/€/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Shto në Shportë/ })).toBeNull();
  });

  it('keeps the PlayStation prices in the data without showing them', () => {
    expect(playstationParts.map((p) => p.price)).toEqual([49, 22, 14, 9, 69, 18]);
  });
});

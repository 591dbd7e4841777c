import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { csvImportMsg, csvScreenMsg, type CatalogueImport } from '@shop/shared/schemas/catalogue-csv';
import { callsOf, mockApi, renderAdmin } from '../../../components/admin/test-render';
import { CatalogueCsv } from './catalogue-csv';

const plan = (dryRun: boolean): CatalogueImport => ({
  dryRun,
  rows: 2,
  summary: {
    productsCreated: 1,
    productsUpdated: 0,
    productsUnchanged: 0,
    variantsCreated: 2,
    variantsUpdated: 0,
    variantsRemoved: 0,
    variantsUnchanged: 0,
  },
  changes: [
    {
      productId: null,
      product: 'Telefon CSV',
      sku: null,
      variant: null,
      action: 'create',
      fields: [{ column: 'Emri', before: null, after: 'Telefon CSV' }],
    },
    {
      productId: null,
      product: 'Telefon CSV',
      sku: 'TC-1',
      variant: 'E zezë / 128 GB',
      action: 'create',
      fields: [{ column: 'Çmimi (€)', before: null, after: '999,00 €' }],
    },
    {
      productId: null,
      product: 'Telefon CSV',
      sku: 'TC-2',
      variant: 'E zezë / 256 GB',
      action: 'create',
      fields: [{ column: 'Çmimi (€)', before: null, after: '1.099,00 €' }],
    },
  ],
  productIds: dryRun ? [] : ['telefon-csv'],
});

const csv = (name = 'katalogu.csv') =>
  new File(['ID e produktit;Emri;SKU;Çmimi (€)\r\n;Telefon CSV;TC-1;999\r\n'], name, { type: 'text/csv' });

afterEach(() => vi.unstubAllGlobals());

describe('<CatalogueCsv>', () => {
  it('runs a dry run when a file is chosen, shows the changes, and imports only after it', async () => {
    const fetchMock = mockApi((url) => ({ body: plan(url.endsWith('?dryRun=1')) }));
    renderAdmin(<CatalogueCsv />);
    await userEvent.click(screen.getByText(csvScreenMsg.title));
    const importButton = screen.getByRole('button', { name: csvScreenMsg.importButton });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription(csvScreenMsg.importNeedsCheck);

    await userEvent.upload(screen.getByLabelText(csvScreenMsg.importLabel), csv());
    expect(await screen.findByRole('heading', { name: csvScreenMsg.dryRunTitle })).toBeInTheDocument();
    expect(screen.getByText('Do të krijohen 1 produkt dhe 2 variante.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: csvScreenMsg.changesCaption });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent('E zezë / 128 GB');
    expect(rows[2]).toHaveTextContent('TC-1');
    expect(rows[2]).toHaveTextContent('I ri');
    expect(rows[2]).toHaveTextContent('Çmimi (€): 999,00 €');
    const first = callsOf(fetchMock)[0]!;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/admin/products/import?dryRun=1');
    expect(fetchMock.mock.calls[0]![1]!.body).toBeInstanceOf(File);
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)['Content-Type']).toBe('text/csv');

    expect(importButton).toBeEnabled();
    await userEvent.click(importButton);
    expect(await screen.findByText('U krijuan 1 produkt dhe 2 variante.')).toBeInTheDocument();
    expect(callsOf(fetchMock).map((c) => `${c.method} ${c.url}`)).toContain('POST /api/admin/products/import');
    expect(importButton).toBeDisabled();
  });

  it('lists every row’s error in an alert and keeps Importo disabled', async () => {
    const errors = [
      { row: 3, column: 'Çmimi (€)', message: 'Çmimi mungon.', text: 'Rreshti 3, kolona “Çmimi (€)”: Çmimi mungon.' },
      { row: 5, column: 'SKU', message: csvImportMsg.skuTwice(3), text: `Rreshti 5, kolona “SKU”: ${csvImportMsg.skuTwice(3)}` },
    ];
    mockApi(() => ({ status: 400, body: { msg: csvImportMsg.refused(202), errors, errorCount: 202 } }));
    renderAdmin(<CatalogueCsv />);
    await userEvent.click(screen.getByText(csvScreenMsg.title));
    await userEvent.upload(screen.getByLabelText(csvScreenMsg.importLabel), csv('gabime.csv'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(csvImportMsg.refused(202));
    const items = within(alert).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(errors.map((e) => e.text));
    expect(alert).toHaveTextContent(csvImportMsg.moreErrors(200));
    expect(screen.getByRole('button', { name: csvScreenMsg.importButton })).toBeDisabled();
  });

  it('says a file in the wrong encoding should be saved as CSV UTF-8', async () => {
    mockApi(() => ({ status: 400, body: { msg: csvImportMsg.encoding } }));
    renderAdmin(<CatalogueCsv />);
    await userEvent.click(screen.getByText(csvScreenMsg.title));
    await userEvent.upload(screen.getByLabelText(csvScreenMsg.importLabel), csv('windows.csv'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Ruaje si CSV UTF-8'));
    expect(screen.getByRole('button', { name: csvScreenMsg.importButton })).toBeDisabled();
  });
});

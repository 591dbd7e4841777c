import { describe, expect, it } from 'vitest';
import { auditChanges, auditKindLabel, auditKinds, auditKindLabels, auditTargetName, showAuditValue } from './audit';

describe('audit kinds', () => {
  it('every kind has an Albanian label; an unknown kind shows as it is', () => {
    for (const k of auditKinds) expect(auditKindLabels[k]).toMatch(/\S/);
    expect(auditKindLabel('user.delete')).toBe('Fshirje përdoruesi');
    expect(auditKindLabel('something.new')).toBe('something.new');
  });
});

describe('auditChanges', () => {
  it('shows a price edit in euros and only the fields that changed', () => {
    expect(auditChanges({ name: 'iPhone 15', price: 299 }, { name: 'iPhone 15', price: 279 })).toEqual([
      { field: 'price', label: 'Çmimi', from: '299,00 €', to: '279,00 €' },
    ]);
  });

  it('names roles, block states and order statuses in Albanian', () => {
    expect(auditChanges({ email: 'a@b.c', role: 'user' }, { email: 'a@b.c', role: 'admin' })).toEqual([
      { field: 'role', label: 'Roli', from: 'Klient', to: 'Administrator' },
    ]);
    expect(auditChanges({ blocked: false }, { blocked: true })[0]).toMatchObject({ from: 'Aktiv', to: 'I bllokuar' });
    expect(auditChanges({ status: 'pending' }, { status: 'delivered' }, 'order')[0]).toMatchObject({ from: 'E pranuar', to: 'E dorëzuar' });
    expect(auditChanges({ status: 'printed' }, null, 'warranty')[0]).toMatchObject({ from: 'E printuar', to: '—' });
  });

  it('a creation lists what was set, a deletion what was removed; empty values show as —', () => {
    expect(auditChanges(null, { name: 'Kufje', price: 19.9, oldPrice: null })).toEqual([
      { field: 'name', label: 'Emri', from: '—', to: 'Kufje' },
      { field: 'price', label: 'Çmimi', from: '—', to: '19,90 €' },
    ]);
    expect(auditChanges({ name: 'Kufje' }, null)).toEqual([{ field: 'name', label: 'Emri', from: 'Kufje', to: '—' }]);
  });

  it('reads a discount code’s edit in Albanian (decision 053): the kind, the value as shown, the limits', () => {
    expect(
      auditChanges(
        { code: 'VERA', kind: 'percent', value: '10%', minSubtotal: 0, maxUses: null },
        { code: 'VERA', kind: 'amount', value: '5,00 €', minSubtotal: 30, maxUses: 20 },
        'discount',
      ),
    ).toEqual([
      { field: 'kind', label: 'Lloji', from: 'Përqindje', to: 'Shumë fikse (€)' },
      { field: 'value', label: 'Vlera', from: '10%', to: '5,00 €' },
      { field: 'minSubtotal', label: 'Porosia minimale', from: '0,00 €', to: '30,00 €' },
      { field: 'maxUses', label: 'Kufiri i përdorimeve gjithsej', from: '—', to: '20' },
    ]);
    expect(auditTargetName({ targetType: 'discount', targetId: '3', before: { code: 'VERA' }, after: { code: 'VERA' } })).toBe(
      'Kodi i zbritjes VERA',
    );
  });

  it('cuts long texts', () => {
    expect(showAuditValue('description', 'a'.repeat(500))).toHaveLength(60);
  });
});

describe('auditTargetName', () => {
  it('names a user by e-mail, a product by name, a sheet by its customer, else by number', () => {
    expect(auditTargetName({ targetType: 'user', targetId: '4', before: { email: 'a@b.c' }, after: null })).toBe('Përdoruesi a@b.c');
    expect(auditTargetName({ targetType: 'product', targetId: 'x', before: null, after: { name: 'Kufje' } })).toBe('Produkti Kufje');
    expect(auditTargetName({ targetType: 'order', targetId: '12', before: { status: 'pending' }, after: null })).toBe('Porosia #12');
    expect(auditTargetName({ targetType: 'warranty', targetId: '3', before: { emri: 'Arta', mbiemri: 'K' }, after: null })).toBe(
      'Fleta e garancionit #3 (Arta K)',
    );
  });
});

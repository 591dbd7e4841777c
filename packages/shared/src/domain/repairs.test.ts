import { describe, expect, it } from 'vitest';
import {
  canMoveRepair,
  customerAnswer,
  imeiTail,
  isCustomerMailedStatus,
  isOpenRepair,
  isRepairImei,
  isWarrantyRepair,
  nextRepairStatuses,
  normaliseTicketCode,
  repairStatuses,
  repairStatusLabels,
  ticketCodeFrom,
} from './repairs';

describe('repair statuses', () => {
  it("say issue 16's words", () => {
    expect(repairStatuses.map((s) => repairStatusLabels[s])).toEqual([
      'Pranuar',
      'Në diagnostikim',
      'Pret aprovimin',
      'Pret pjesë',
      'Në riparim',
      'Gati për marrje',
      'Dorëzuar',
      'Anuluar',
      'Pa riparim',
    ]);
  });

  it('follow intake -> diagnosis -> approval -> parts -> repair -> ready -> handed over, and nothing else', () => {
    const path = ['received', 'diagnosing', 'awaiting-approval', 'awaiting-parts', 'repairing', 'ready', 'delivered'] as const;
    for (let i = 1; i < path.length; i++) expect(canMoveRepair(path[i - 1]!, path[i]!), `${path[i - 1]} -> ${path[i]}`).toBe(true);
    expect(canMoveRepair('received', 'ready')).toBe(false);
    expect(canMoveRepair('ready', 'repairing')).toBe(false);
    expect(canMoveRepair('received', 'received')).toBe(false);
    // Cancelled until the work is done; unrepaired only once the device has been looked at.
    expect(canMoveRepair('repairing', 'cancelled')).toBe(false);
    expect(canMoveRepair('received', 'unrepaired')).toBe(false);
    expect(canMoveRepair('diagnosing', 'unrepaired')).toBe(true);
  });

  it('end at delivered, cancelled or unrepaired; everything else is an open ticket', () => {
    for (const s of repairStatuses) {
      const final = ['delivered', 'cancelled', 'unrepaired'].includes(s);
      expect(nextRepairStatuses(s).length === 0, s).toBe(final);
      expect(isOpenRepair(s), s).toBe(!final);
    }
  });

  it('mail the customer when the device arrives, an estimate waits, it is ready, handed over or goes back', () => {
    expect(repairStatuses.filter(isCustomerMailedStatus)).toEqual([
      'received',
      'awaiting-approval',
      'ready',
      'delivered',
      'cancelled',
      'unrepaired',
    ]);
  });

  it("take the customer's answer only while an estimate waits", () => {
    expect(customerAnswer('awaiting-approval', true)).toBe('repairing');
    expect(customerAnswer('awaiting-approval', false)).toBe('unrepaired');
    expect(customerAnswer('repairing', true)).toBeNull();
    expect(customerAnswer('ready', false)).toBeNull();
  });
});

describe('ticket codes', () => {
  it('are R- and 10 characters of base 32 from the random bytes', () => {
    const code = ticketCodeFrom(Uint8Array.from([0, 1, 31, 32, 255, 10, 17, 18, 21, 26]));
    expect(code).toBe('R-01Z0ZAHJNT');
    expect(() => ticketCodeFrom(new Uint8Array(9))).toThrow();
  });

  it('are read without regard to case, spaces and dashes, with O, I and L as 0, 1 and 1', () => {
    expect(normaliseTicketCode('r-01zzzahjnt')).toBe('R-01ZZZAHJNT');
    expect(normaliseTicketCode(' 01ZZ ZAHJ-NT ')).toBe('R-01ZZZAHJNT');
    expect(normaliseTicketCode('R-OIZZZAHJNT')).toBe('R-01ZZZAHJNT');
    expect(normaliseTicketCode('R-L1ZZZAHJNT')).toBe('R-11ZZZAHJNT');
    expect(normaliseTicketCode('R01ZZZAHJNT')).toBe('R-01ZZZAHJNT');
  });

  it('refuse anything that cannot be a code', () => {
    for (const bad of ['', 'R-', 'R-01ZZZAHJN', 'R-01ZZZAHJNTX', 'R-01ZZZAHJNU', '01ZZZAHJN!', '12345']) {
      expect(normaliseTicketCode(bad), bad).toBeNull();
    }
  });
});

describe('IMEI at intake', () => {
  it('takes 14 digits, or 15 with a right Luhn check digit', () => {
    expect(isRepairImei('35693810123456')).toBe(true);
    expect(isRepairImei('490154203237518')).toBe(true); // a well-known valid IMEI
    expect(isRepairImei('490154203237517')).toBe(false);
    expect(isRepairImei('4901542032375')).toBe(false);
    expect(isRepairImei('49015420323751a')).toBe(false);
    expect(imeiTail('490154203237518')).toBe('7518');
  });
});

describe('warranty repairs', () => {
  const sheet = { status: 'printed', data: '2026-01-31', kohezgjatja: '12 muaj' };
  it('are priced as warranty while the sheet runs on the day the ticket is opened, not after, never from a draft', () => {
    expect(isWarrantyRepair(sheet, '2026-11-25')).toBe(true);
    expect(isWarrantyRepair(sheet, '2028-01-01')).toBe(false);
    expect(isWarrantyRepair({ ...sheet, status: 'draft' }, '2026-11-25')).toBe(false);
  });
});

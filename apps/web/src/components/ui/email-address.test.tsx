import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { EmailAddress } from './email-address';

describe('<EmailAddress> (issue 26)', () => {
  it("may break only after its '@' and its dots, and carries the whole address in its title", () => {
    const { container } = render(<EmailAddress email="walk.test.staff@shembull-i-gjate.com" />);
    const box = container.querySelector('.email-address')!;
    expect(box).toHaveTextContent(/^walk\.test\.staff@shembull-i-gjate\.com$/);
    expect(box).toHaveAttribute('title', 'walk.test.staff@shembull-i-gjate.com');
    // The parts between two break opportunities, each kept together: every one but the last ends with '@' or '.'.
    expect(box.innerHTML).toBe(
      ['walk.', 'test.', 'staff@', 'shembull-i-gjate.', 'com'].map((part) => `<span>${part}</span>`).join('<wbr>'),
    );
  });

  it('shows an address without a dot or an @ whole, with no break in it', () => {
    const { container } = render(<EmailAddress email="pa-adrese" />);
    expect(container.querySelector('.email-address')!.innerHTML).toBe('<span>pa-adrese</span>');
  });
});

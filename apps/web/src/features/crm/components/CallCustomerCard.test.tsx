import { screen } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallCustomerCard } from './CallCustomerCard';
import { renderCrm } from './testUtils';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const info = {
  id: 42,
  name: '孙丽华',
  mobile: '139****5678',
  isMobileMasked: true,
  company: '甬通贸易',
  intentionLevel: 'A',
  phoneLabel: null,
  tags: [],
  ownerId: 7,
  ownerName: '坐席一',
  deptName: '销售一部',
  lastFollowAt: null,
  lastFollowContent: '',
  nextFollowAt: null,
  pool: 'public',
};

describe('CallCustomerCard', () => {
  beforeEach(() => callMock.mockReset());

  it('shows who the call is for, masked as the server sent him, with a way to his details', async () => {
    callMock.mockResolvedValue(info);
    renderCrm(<CallCustomerCard id={42} />);
    const link = await screen.findByRole('link', { name: '孙丽华' });
    expect(callMock).toHaveBeenCalledWith(routeTables.crm.octCustomerInfo, { id: 42 });
    expect(link.getAttribute('href')).toContain('/menu/CRM/customerDetails?id=42&pool=public');
    const card = screen.getByTestId('call-customer');
    expect(card.textContent).toContain('139****5678');
    expect(card.textContent).toContain('甬通贸易');
  });
});

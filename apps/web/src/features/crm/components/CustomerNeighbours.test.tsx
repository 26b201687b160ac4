import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberListQuery } from '../listQueryMemory';
import { CustomerNeighbours } from './CustomerNeighbours';
import { renderCrm } from './testUtils';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const r = routeTables.crm;

const Where = () => <span data-testid="where">{`${useLocation().pathname}${useLocation().search}`}</span>;

describe('CustomerNeighbours', () => {
  beforeEach(() => {
    callMock.mockReset();
    sessionStorage.clear();
  });

  it('asks for the customers beside him under the list’s filters and opens the next one', async () => {
    rememberListQuery('private', { keyword: '张', sortField: 'name', sortOrder: 'ascend' });
    callMock.mockResolvedValue({ previousId: null, nextId: 8 });
    renderCrm(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <CustomerNeighbours id={7} pool="private" />
              <Where />
            </>
          }
        />
      </Routes>,
    );
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.privateNeighbours, {
        keyword: '张',
        sortField: 'name',
        sortOrder: 'ascend',
        id: 7,
      }),
    );
    const previous = screen.getByTestId('crm-previous-customer') as HTMLButtonElement;
    const next = screen.getByTestId('crm-next-customer') as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(screen.getByTestId('where').textContent).toBe('/menu/CRM/customerDetails?id=8');
  });

  it('asks the public pool’s route for a 公海 customer, and offers nothing at both ends', async () => {
    callMock.mockResolvedValue({ previousId: null, nextId: null });
    renderCrm(<CustomerNeighbours id={3} pool="public" />);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.poolNeighbours, { id: 3 }));
    expect((screen.getByTestId('crm-next-customer') as HTMLButtonElement).disabled).toBe(true);
  });
});

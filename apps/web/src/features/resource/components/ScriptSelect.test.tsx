import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowOf } from '../pages/fixtures.test-kit';
import { ScriptSelect } from './ScriptSelect';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  saveHref: vi.fn(),
  download: vi.fn(),
  upload: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const r = routeTables.resource;
const mostUsed = rowOf({ id: 1, title: '开场白（常用）' });
/** A script too new to be among the most used: only the server's search finds it. */
const fresh = rowOf({ id: 9, title: '年末回访新话术', useCount: 0 });
const pageOf = <T,>(records: T[]) => ({ records, total: records.length, size: 200, current: 1, pages: 1 });
const pageRequests = () => callMock.mock.calls.filter(([route]) => route === r.libraryPage).map(([, input]) => input);

describe('the select of a task’s or a line’s 话术', () => {
  afterEach(() => callMock.mockReset());

  it('asks the server for what is typed, once the typing pauses, and offers what it finds', async () => {
    callMock.mockImplementation(async (_route, input: { keyword?: string }) =>
      pageOf(input.keyword ? [mostUsed, fresh].filter((s) => s.title.includes(input.keyword!)) : [mostUsed]),
    );
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ScriptSelect onChange={onChange} data-testid="script-select" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(pageRequests()).toHaveLength(1));
    expect(pageRequests()[0]).toEqual({ kind: 'script', sort: 'uses', page: 1, limit: 200 });
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '年' } });
    fireEvent.change(input, { target: { value: '年末' } });
    fireEvent.change(input, { target: { value: '年末回访' } });
    await waitFor(() => expect(pageRequests().at(-1)).toMatchObject({ keyword: '年末回访' }));
    // The keys typed before the pause asked nothing.
    expect(pageRequests().filter((q) => q.keyword)).toHaveLength(1);
    fireEvent.click(await screen.findByText('年末回访新话术'));
    expect(onChange).toHaveBeenCalledWith(9);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { itemOf } from '../pages/fixtures.test-kit';
import { ItemFormModal, type TEditing } from './ItemFormModal';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  saveHref: vi.fn(),
  upload: vi.fn(),
}));

const r = routeTables.resource;

const renderWith = (editing: TEditing) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <ItemFormModal editing={editing} onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );

const sections = () => screen.getAllByTestId(/^section-\d+$/);
const headingOf = (i: number) => (within(sections()[i]!).getByLabelText('段落标题') as HTMLInputElement).value;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const addSection = async (label: string) => {
  fireEvent.click(screen.getByTestId('section-add'));
  fireEvent.click(await screen.findByText(label, { selector: '.ant-dropdown-menu-title-content' }));
};
const saved = () => callMock.mock.calls.filter(([route]) => route === r.librarySave).map(([, input]) => input);

describe('ItemFormModal: the script editor', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation(async (route) => {
      if (route === r.folderList) return [{ id: 3, name: '销售话术', sort: 0, itemCount: 1 }];
      if (route === r.libraryAudience)
        return { depts: [{ id: 5, parentId: null, name: '销售一部' }], roles: [{ id: 8, name: '主管' }] };
      if (route === r.librarySave) return itemOf();
      return null;
    });
  });

  it('starts a new script with an opening, adds parts by kind, reorders and removes them, and saves them in order', async () => {
    renderWith({ kind: 'script' });
    await screen.findByTestId('script-editor');
    type(screen.getByTestId('resource-title'), '新客户开场');
    expect(sections()).toHaveLength(1);
    expect(headingOf(0)).toBe('开场白');
    type(within(sections()[0]!).getByLabelText('内容'), '您好，打扰您一分钟');

    await addSection('异议处理');
    await addSection('促成结束');
    expect(sections().map((_s, i) => headingOf(i))).toEqual(['开场白', '异议处理', '促成结束']);
    // The objection part starts with one question → answer pair.
    const objection = sections()[1]!;
    type(within(objection).getByPlaceholderText('客户问题'), '没时间');
    type(within(objection).getByPlaceholderText('应答话术'), '那我晚点再打给您');
    type(within(sections()[2]!).getByLabelText('内容'), '我先给您发一份资料');

    // 促成结束 moves above 异议处理, then 开场白 is removed.
    fireEvent.click(within(sections()[2]!).getByLabelText('上移'));
    expect(sections().map((_s, i) => headingOf(i))).toEqual(['开场白', '促成结束', '异议处理']);
    fireEvent.click(within(sections()[0]!).getByLabelText('删除'));
    expect(sections().map((_s, i) => headingOf(i))).toEqual(['促成结束', '异议处理']);

    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({
      kind: 'script',
      title: '新客户开场',
      folderId: null,
      visibility: 'all',
      sections: [
        { kind: 'closing', heading: '促成结束', text: '我先给您发一份资料' },
        { kind: 'objection', heading: '异议处理', pairs: [{ question: '没时间', answer: '那我晚点再打给您' }] },
      ],
    });
  });

  it('says what is missing and saves nothing: a title, a part, a part without words', async () => {
    renderWith({ kind: 'script' });
    await screen.findByTestId('script-editor');
    fireEvent.click(screen.getByText('确 定'));
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(await screen.findByText('请填写段落内容')).toBeTruthy();
    fireEvent.click(within(sections()[0]!).getByLabelText('删除'));
    fireEvent.click(screen.getByText('确 定'));
    expect(await screen.findByText('话术至少需要一个段落')).toBeTruthy();
    expect(saved()).toHaveLength(0);
  });

  it("edits a script with its parts and who may read it, keeping the item's id", async () => {
    renderWith({ item: itemOf({ id: 9, visibility: 'depts', deptIds: [5], audience: ['销售一部'] }) });
    await screen.findByTestId('script-editor');
    expect(sections().map((_s, i) => headingOf(i))).toEqual(['开场白', '异议处理']);
    expect(await screen.findByText('销售一部')).toBeTruthy();
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ id: 9, kind: 'script', visibility: 'depts', deptIds: [5], folderId: 3 });
  });
});

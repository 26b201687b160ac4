import type { TResourceItem, TResourceRow } from '@yunhu/contract';

/** A list row and an item as the server answers them, for the screens' tests. */
export const rowOf = (over: Partial<TResourceRow> = {}): TResourceRow => ({
  id: 1,
  kind: 'script',
  folderId: 3,
  folderName: '销售话术',
  title: '续费话术',
  sectionCount: 2,
  file: null,
  tags: ['续费'],
  visibility: 'all',
  ownerName: '张明',
  useCount: 4,
  lastUsedAt: null,
  createdAt: Date.UTC(2026, 10, 1),
  updatedAt: Date.UTC(2026, 10, 2),
  ...over,
});

export const itemOf = (over: Partial<TResourceItem> = {}): TResourceItem => ({
  ...rowOf(),
  sections: [
    { kind: 'opening', heading: '开场白', text: '您好，我是演示科技的顾问小王。', pairs: [] },
    {
      kind: 'objection',
      heading: '异议处理',
      text: '',
      pairs: [{ question: '太贵了', answer: '按分钟计费，没有月租。' }],
    },
  ],
  deptIds: [],
  roleIds: [],
  audience: [],
  canManage: false,
  ...over,
});

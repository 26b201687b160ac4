// The resource library's labels, lists and permission strings, apart from its zod schemas so the web
// reaches them without zod; resource.ts re-exports them under the same names.

/**
 * 资料库 (spec section 2, `Resource/library`): every enterprise role reads what is visible to it;
 * administrators (who hold every enterprise string) write and see everything.
 */
export const ResourcePerm = {
  view: 'resource:library:view',
  manage: 'resource:library:manage',
} as const;

/** A library item: a call script (话术) or a stored file (产品资料, 价目表…). */
export const resourceKinds = ['script', 'file'] as const;
export type TResourceKind = (typeof resourceKinds)[number];
export const resourceKindLabel: Record<TResourceKind, string> = { script: '话术', file: '文件' };

/** The parts of a call, in the order a script usually runs; 异议处理 holds question → answer pairs. */
export const sectionKinds = ['opening', 'needs', 'objection', 'closing', 'other'] as const;
export type TSectionKind = (typeof sectionKinds)[number];
export const sectionKindLabel: Record<TSectionKind, string> = {
  opening: '开场白',
  needs: '需求挖掘',
  objection: '异议处理',
  closing: '促成结束',
  other: '其他',
};

/** Who may read an item: everyone, chosen departments with those below them, or chosen roles. */
export const resourceVisibilities = ['all', 'depts', 'roles'] as const;
export type TResourceVisibility = (typeof resourceVisibilities)[number];
export const resourceVisibilityLabel: Record<TResourceVisibility, string> = {
  all: '全部员工',
  depts: '指定部门',
  roles: '指定角色',
};

/** Why a script is shown first while calling: it is the task's own, or the line's. */
export const linkedScriptOrigins = ['task', 'line'] as const;
export type TLinkedScriptOrigin = (typeof linkedScriptOrigins)[number];
export const linkedScriptOriginLabel: Record<TLinkedScriptOrigin, string> = { task: '任务话术', line: '线路话术' };

/** The list's orders: the latest change first, or the most used first. */
export const resourceSorts = ['updated', 'uses'] as const;
export type TResourceSort = (typeof resourceSorts)[number];

/** The stored kinds a library file may be: images and PDF are previewed in the page, Word files downloaded. */
export const resourceFileTypes = ['png', 'jpg', 'gif', 'webp', 'pdf', 'doc', 'docx'] as const;
export const isPreviewable = (type: string): boolean => ['png', 'jpg', 'gif', 'webp', 'pdf'].includes(type);

export const resourceLimits = {
  sections: 30,
  pairs: 50,
  tags: 10,
  folders: 100,
} as const;

import { z } from 'zod';
import { ZIdName, ZNull, ZPageQuery, ZSignedUrl, ZTime, ZUploaded, zBoolean, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import {
  linkedScriptOrigins,
  ResourcePerm,
  resourceFileTypes,
  resourceKinds,
  resourceLimits,
  resourceSorts,
  resourceVisibilities,
  sectionKinds,
} from './resource-labels.js';
import { routesOf } from './route.js';

export * from './resource-labels.js';

const route = routesOf('resource');

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字`);

export const ZResourceKind = z.enum(resourceKinds, { error: '资料类型只能是话术或文件' });
export const ZSectionKind = z.enum(sectionKinds, { error: '段落类型不正确' });
export const ZResourceVisibility = z.enum(resourceVisibilities, {
  error: '可见范围只能是全部员工、指定部门或指定角色',
});

/** One objection and what to answer it with. */
export const ZScriptPair = z.object({ question: text('客户问题', 200), answer: text('应答话术', 2000) });

/** A part of a script: a heading and its text; an objection part also (or only) its question → answer pairs. */
export const ZScriptSection = z
  .object({
    kind: ZSectionKind,
    heading: text('段落标题', 50),
    text: z.string({ error: '段落内容不正确' }).trim().max(5000, '段落内容最多5000个字').default(''),
    pairs: z
      .array(ZScriptPair, { error: '问答不正确' })
      .max(resourceLimits.pairs, `每个段落最多${resourceLimits.pairs}组问答`)
      .default([]),
  })
  .refine((s) => s.text.length > 0 || s.pairs.length > 0, { message: '请填写段落内容', path: ['text'] });
export type TScriptSection = z.infer<typeof ZScriptSection>;

const ZTag = z.string({ error: '标签不正确' }).trim().min(1, '标签不能为空').max(20, '标签最多20个字');

/** A stored file as the library keeps it: the upload's name (`<key>.<type>`), the person's file name, kind and size. */
export const ZResourceFile = z.object({ name: zString, originalName: zString, type: zString, size: zInt });

/** A row of the list: everything but the script's text. */
export const ZResourceRow = z.object({
  id: zInt,
  kind: ZResourceKind,
  folderId: zInt.nullable(),
  folderName: zString.nullable(),
  title: zString,
  /** The script's parts, counted; 0 for a file. */
  sectionCount: zInt,
  file: ZResourceFile.nullable(),
  tags: z.array(zString),
  visibility: ZResourceVisibility,
  ownerName: zString,
  useCount: zInt,
  lastUsedAt: ZTime.nullable(),
  createdAt: ZTime,
  updatedAt: ZTime,
});
export type TResourceRow = z.infer<typeof ZResourceRow>;

/** A script the call in hand names: the task's own or the line's, shown first in the side panel. */
export const ZLinkedScript = ZResourceRow.extend({ origin: z.enum(linkedScriptOrigins) });
export type TLinkedScript = z.infer<typeof ZLinkedScript>;

/** One item whole: its script, and who may read it by id and by name (the names of what still exists). */
export const ZResourceItem = ZResourceRow.extend({
  sections: z.array(ZScriptSection),
  deptIds: z.array(zInt),
  roleIds: z.array(zInt),
  audience: z.array(zString),
  /** The reader may change and delete it. */
  canManage: zBoolean,
});
export type TResourceItem = z.infer<typeof ZResourceItem>;

export const ZResourceSave = z
  .object({
    /** Absent: a new item. */
    id: zId('资料编号').optional(),
    kind: ZResourceKind,
    folderId: zId('文件夹编号').nullable().default(null),
    title: text('标题', 100),
    sections: z
      .array(ZScriptSection, { error: '段落不正确' })
      .max(resourceLimits.sections, `话术最多${resourceLimits.sections}个段落`)
      .default([]),
    /** A file item's upload, by the name the library's upload answered. */
    file: z
      .string({ error: '请上传文件' })
      .regex(new RegExp(`^[0-9a-f]{32}\\.(${resourceFileTypes.join('|')})$`), '文件请通过上传获得')
      .optional(),
    tags: z
      .array(ZTag, { error: '标签不正确' })
      .max(resourceLimits.tags, `最多${resourceLimits.tags}个标签`)
      .default([])
      .transform((tags) => [...new Set(tags)]),
    visibility: ZResourceVisibility.default('all'),
    deptIds: z.array(zId('部门编号'), { error: '部门不正确' }).max(200, '最多选择200个部门').default([]),
    roleIds: z.array(zId('角色编号'), { error: '角色不正确' }).max(100, '最多选择100个角色').default([]),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.kind === 'script' && v.sections.length === 0) need('sections', '话术至少需要一个段落');
    if (v.kind === 'file' && !v.file) need('file', '请上传文件');
    if (v.visibility === 'depts' && v.deptIds.length === 0) need('deptIds', '请选择可以查看的部门');
    if (v.visibility === 'roles' && v.roleIds.length === 0) need('roleIds', '请选择可以查看的角色');
  });
export type TResourceSave = z.input<typeof ZResourceSave>;

export const ZResourceQuery = ZPageQuery.extend({
  /** Words of the title, the text, a tag or the file's name. */
  keyword: z.string({ error: '关键词不正确' }).trim().max(64, '关键词最多64个字').optional(),
  /** A folder's items; 0: the items in no folder. */
  folderId: z.coerce.number({ error: '文件夹不正确' }).int('文件夹不正确').min(0, '文件夹不正确').optional(),
  kind: ZResourceKind.optional(),
  tag: ZTag.optional(),
  sort: z.enum(resourceSorts, { error: '排序方式不正确' }).default('updated'),
});
export type TResourceQuery = z.input<typeof ZResourceQuery>;

export const ZResourceFolder = z.object({
  id: zInt,
  name: zString,
  sort: zInt,
  /** The items in it the reader may see. */
  itemCount: zInt,
});
export type TResourceFolder = z.infer<typeof ZResourceFolder>;

const ZItemId = z.object({ id: zId('资料编号') });

export const resourceRoutes = {
  libraryPage: route({
    method: 'POST',
    path: '/base/resource/library/page',
    readOnly: true,
    summary: '资料库',
    permission: ResourcePerm.view,
    request: ZResourceQuery,
    response: zPage(ZResourceRow),
  }),
  libraryInfo: route({
    method: 'GET',
    path: '/base/resource/library/info',
    readOnly: true,
    summary: '资料详情',
    permission: ResourcePerm.view,
    request: ZItemId,
    response: ZResourceItem,
  }),
  librarySave: route({
    method: 'POST',
    path: '/base/resource/library/save',
    summary: '保存资料',
    permission: ResourcePerm.manage,
    audited: true,
    request: ZResourceSave,
    response: ZResourceItem,
  }),
  libraryDelete: route({
    method: 'POST',
    path: '/base/resource/library/delete',
    summary: '删除资料',
    permission: ResourcePerm.manage,
    audited: true,
    request: ZItemId,
    response: ZNull,
  }),
  /** One use of an item (a section copied, a file opened): counted for the most-used order. */
  libraryUse: route({
    method: 'POST',
    path: '/base/resource/library/use',
    summary: '使用资料',
    permission: ResourcePerm.view,
    request: ZItemId,
    response: z.object({ useCount: zInt }),
  }),
  /**
   * The scripts the call in hand names, each only when the reader may see it: the task's (我的任务,
   * a task with customers of his) first, then the line's (the line given, else the task's line).
   */
  libraryLinked: route({
    method: 'POST',
    path: '/base/resource/library/linked',
    readOnly: true,
    summary: '当前话术',
    permission: ResourcePerm.view,
    request: z.object({ taskId: zId('任务编号').optional(), lineId: zId('线路编号').optional() }),
    response: z.array(ZLinkedScript),
  }),
  /** The tags the reader's visible items carry, for the filter. */
  libraryTags: route({
    method: 'GET',
    path: '/base/resource/library/tags',
    readOnly: true,
    summary: '资料标签',
    permission: ResourcePerm.view,
    request: z.object({}),
    response: z.array(zString),
  }),
  libraryUpload: route({
    method: 'POST',
    path: '/base/resource/library/upload',
    summary: '上传资料文件',
    permission: ResourcePerm.manage,
    body: 'multipart',
    request: z.object({}),
    response: ZUploaded,
  }),
  /**
   * A short-lived signed address of a file item the reader may see; the file itself is served there
   * with no session (a new tab, an <img>, the PDF viewer cannot send CLOUD-TOKEN).
   */
  libraryLink: route({
    method: 'GET',
    path: '/base/resource/library/link',
    readOnly: true,
    summary: '查看资料文件',
    permission: ResourcePerm.view,
    request: ZItemId,
    response: ZSignedUrl,
  }),
  /** Whom an item may be shown to: the enterprise's departments and roles, for the visibility choice. */
  libraryAudience: route({
    method: 'GET',
    path: '/base/resource/library/audience',
    readOnly: true,
    summary: '资料可见范围',
    permission: ResourcePerm.manage,
    request: z.object({}),
    response: z.object({
      depts: z.array(z.object({ id: zInt, parentId: zInt.nullable(), name: zString })),
      roles: z.array(ZIdName),
    }),
  }),
  folderList: route({
    method: 'GET',
    path: '/base/resource/library/folder/list',
    readOnly: true,
    summary: '资料文件夹',
    permission: ResourcePerm.view,
    request: z.object({}),
    response: z.array(ZResourceFolder),
  }),
  folderSave: route({
    method: 'POST',
    path: '/base/resource/library/folder/save',
    summary: '保存资料文件夹',
    permission: ResourcePerm.manage,
    audited: true,
    request: z.object({
      id: zId('文件夹编号').optional(),
      name: text('文件夹名称', 30),
      sort: z
        .number({ error: '排序须为数字' })
        .int('排序须为整数')
        .min(0, '排序不能小于0')
        .max(9999, '排序不能超过9999')
        .default(0),
    }),
    response: ZResourceFolder,
  }),
  folderDelete: route({
    method: 'POST',
    path: '/base/resource/library/folder/delete',
    summary: '删除资料文件夹',
    permission: ResourcePerm.manage,
    audited: true,
    request: z.object({ id: zId('文件夹编号') }),
    response: ZNull,
  }),
};

/** 资料库 for an enterprise (the spec's `Resource` menu, 资源中心). */
export const resourceMenuNodes: TMenuNode[] = [
  menuScreen('4010', '资料库', 'Resource/library', 'FileTextOutlined', ResourcePerm.view, [
    menuButton('401001', '管理资料', ResourcePerm.manage),
  ]),
];

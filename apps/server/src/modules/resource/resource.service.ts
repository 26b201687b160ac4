import {
  ResourcePerm,
  resourceFileTypes,
  resourceLimits,
  type resourceRoutes,
  type TLinkedScript,
  type TLinkedScriptOrigin,
  type TParsedRequestOf,
  type TResourceFolder,
  type TResourceItem,
  type TResourceKind,
  type TResourceRow,
  type TResourceVisibility,
  type TScriptSection,
  type TSectionKind,
  type TUploaded,
  toPage,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { isUniqueViolation } from '../../db/unique.js';
import { hasPermission, type TAuth, type TRequestContext } from '../../http/context.js';
import type { TLinkSigner } from '../../http/signed-link.js';
import type { TPrivateUpload, TUploadAccept, TUploadFile } from '../system/index.js';
import { resourceErrors as errors, fileRefusal } from './resource.errors.js';
import { resourceRepository as repo, type TItemInsert, type TItemRow, type TReader } from './resource.repository.js';

type TIn<K extends keyof typeof resourceRoutes> = TParsedRequestOf<(typeof resourceRoutes)[K]>;

/** Where a file is served by its signed address: outside the route table, no session (the signature is the pass). */
export const filePathPrefix = '/base/resource/library/file';
/** Long enough to open what was clicked, short enough that a copied address soon stops working. */
export const fileLinkTtlMs = 5 * 60_000;
export const filePath = (tenantId: number, name: string) => `${filePathPrefix}/${tenantId}/${name}`;

/** A manager (an administrator) sees the whole library; anyone else what is visible to him. */
const readerOf = (auth: TAuth): TReader =>
  hasPermission(auth, ResourcePerm.manage)
    ? { kind: 'all' }
    : { kind: 'reader', userId: auth.userId, deptId: auth.deptId };

const toRow = (r: TItemRow): TResourceRow => ({
  id: r.id,
  kind: r.kind as TResourceKind,
  folderId: r.folderId,
  folderName: r.folderName,
  title: r.title,
  sectionCount: r.sections.length,
  file: r.fileName ? { name: r.fileName, originalName: r.fileOriginalName, type: r.fileType, size: r.fileSize } : null,
  tags: r.tags,
  visibility: r.visibility as TResourceVisibility,
  ownerName: r.ownerName,
  useCount: r.useCount,
  lastUsedAt: r.lastUsedAt?.getTime() ?? null,
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});

/** Everything the keyword search matches: title, every section's words, the tags and the file's name. */
export const searchTextOf = (
  title: string,
  sections: readonly Pick<TScriptSection, 'heading' | 'text' | 'pairs'>[],
  tags: readonly string[],
  fileName = '',
) =>
  [
    title,
    ...sections.flatMap((s) => [s.heading, s.text, ...s.pairs.flatMap((p) => [p.question, p.answer])]),
    ...tags,
    fileName,
  ]
    .filter(Boolean)
    .join('\n');

export type TResourceService = ReturnType<typeof createResourceService>;

/**
 * The script a task card or a line is to name: one of the enterprise's scripts that the person
 * choosing may read (another enterprise's id, a file, or one hidden from him is refused).
 */
export const requireLinkableScript = async (tx: TDb, auth: TAuth, id: number) => {
  const row = await repo.find(tx, auth.tenantId, readerOf(auth), id);
  if (row?.kind !== 'script') throw errors.scriptMissing();
};

/** Where the scripts of the call in hand are named: the task cards' and the lines' areas (app.ts lends them). */
export type TScriptLinks = {
  /** A task with customers of his: its script and its line, or null. */
  task: (tx: TDb, auth: TAuth, taskId: number) => Promise<{ scriptId: number | null; lineId: number | null } | null>;
  /** The enterprise's script for a line, or null. */
  line: (tx: TDb, tenantId: number, lineId: number) => Promise<number | null>;
};

/**
 * 资料库: the enterprise's call scripts and files in folders, each with who may read it. Readers see
 * what is visible to them (the repository's query decides, so pages and counts agree); managers
 * write and see everything.
 */
export const createResourceService = (deps: {
  database: TDatabase;
  /** The system area's upload (its own transaction: the upload route is detached). */
  upload: (auth: TAuth, file: TUploadFile | undefined, accept?: TUploadAccept) => Promise<TUploaded>;
  privateUpload: (db: TDb, name: string, withBody?: boolean) => Promise<TPrivateUpload | null>;
  /** Signs the files' short-lived addresses. */
  links: TLinkSigner;
  scriptLinks: TScriptLinks;
}) => {
  const infoOf = async (tx: TDb, auth: TAuth, row: TItemRow): Promise<TResourceItem> => {
    const audience =
      row.visibility === 'depts'
        ? await repo.deptsAmong(tx, auth.tenantId, row.deptIds)
        : row.visibility === 'roles'
          ? await repo.rolesAmong(tx, auth.tenantId, row.roleIds)
          : [];
    return {
      ...toRow(row),
      sections: row.sections.map((s) => ({ ...s, kind: s.kind as TSectionKind })),
      deptIds: row.deptIds,
      roleIds: row.roleIds,
      audience: audience.map((a) => a.name),
      canManage: hasPermission(auth, ResourcePerm.manage),
    };
  };

  const itemOf = async ({ auth, tx }: TRequestContext, id: number) => {
    const row = await repo.find(tx, auth.tenantId, readerOf(auth), id);
    if (!row) throw errors.itemMissing();
    return row;
  };

  /** The chosen departments and roles must all be the enterprise's own (another's ids are refused). */
  const checkAudience = async (tx: TDb, tenantId: number, input: TIn<'librarySave'>) => {
    if (input.visibility === 'depts') {
      const found = await repo.deptsAmong(tx, tenantId, input.deptIds);
      if (found.length !== new Set(input.deptIds).size) throw errors.deptMissing();
    }
    if (input.visibility === 'roles') {
      const found = await repo.rolesAmong(tx, tenantId, input.roleIds);
      if (found.length !== new Set(input.roleIds).size) throw errors.roleMissing();
    }
  };

  /** A file item's upload: one of the enterprise's private uploads. */
  const storedFile = async (tx: TDb, tenantId: number, name: string) => {
    const stored = await deps.privateUpload(tx, name);
    if (!stored || stored.tenantId !== tenantId) throw errors.fileMissing();
    return { fileName: name, fileOriginalName: stored.originalName, fileType: stored.type, fileSize: stored.size };
  };

  return {
    page: async ({ auth, tx }: TRequestContext, input: TIn<'libraryPage'>) => {
      const { page, limit, sort, ...filter } = input;
      const { records, total } = await repo.page(tx, auth.tenantId, readerOf(auth), filter, sort, { page, limit });
      return toPage(records.map(toRow), total, input);
    },

    info: async (ctx: TRequestContext, id: number) => infoOf(ctx.tx, ctx.auth, await itemOf(ctx, id)),

    tags: ({ auth, tx }: TRequestContext) => repo.tags(tx, auth.tenantId, readerOf(auth)),

    /**
     * The scripts the call in hand names, the task's before the line's (the line given, else the
     * task's), each once and only when he may read it: the side panel shows them first.
     */
    linked: async ({ auth, tx }: TRequestContext, input: TIn<'libraryLinked'>): Promise<TLinkedScript[]> => {
      const task = input.taskId === undefined ? null : await deps.scriptLinks.task(tx, auth, input.taskId);
      const lineId = input.lineId ?? task?.lineId ?? null;
      const named: [TLinkedScriptOrigin, number | null][] = [
        ['task', task?.scriptId ?? null],
        ['line', lineId === null ? null : await deps.scriptLinks.line(tx, auth.tenantId, lineId)],
      ];
      const out: TLinkedScript[] = [];
      for (const [origin, id] of named) {
        if (id === null || out.some((s) => s.id === id)) continue;
        const row = await repo.find(tx, auth.tenantId, readerOf(auth), id);
        if (row?.kind === 'script') out.push({ ...toRow(row), origin });
      }
      return out;
    },

    /** A new item, or a change of one (its kind stays what it was). */
    save: async (ctx: TRequestContext, input: TIn<'librarySave'>) => {
      const { auth, tx } = ctx;
      if (input.id !== undefined) {
        const current = await repo.lockKind(tx, auth.tenantId, input.id);
        if (!current) throw errors.itemMissing();
        if (current.kind !== input.kind) throw errors.kindFixed();
      }
      if (input.folderId !== null && !(await repo.findFolder(tx, auth.tenantId, input.folderId))) {
        throw errors.folderMissing();
      }
      await checkAudience(tx, auth.tenantId, input);
      const file =
        input.kind === 'file'
          ? await storedFile(tx, auth.tenantId, input.file!)
          : { fileName: null, fileOriginalName: '', fileType: '', fileSize: 0 };
      const sections = input.kind === 'script' ? input.sections : [];
      const row: TItemInsert = {
        kind: input.kind,
        folderId: input.folderId,
        title: input.title,
        sections,
        ...file,
        tags: input.tags,
        visibility: input.visibility,
        deptIds: input.visibility === 'depts' ? [...new Set(input.deptIds)] : [],
        roleIds: input.visibility === 'roles' ? [...new Set(input.roleIds)] : [],
        searchText: searchTextOf(input.title, sections, input.tags, file.fileOriginalName),
        ownerId: auth.userId,
        ownerName: auth.realName,
      };
      let id = input.id;
      if (id === undefined) id = await repo.insert(tx, auth.tenantId, row);
      else {
        // The owner stays who created it.
        const { ownerId: _o, ownerName: _n, ...patch } = row;
        await repo.update(tx, auth.tenantId, id, patch);
      }
      return infoOf(tx, auth, (await repo.find(tx, auth.tenantId, { kind: 'all' }, id))!);
    },

    delete: async ({ auth, tx }: TRequestContext, id: number) => {
      if (!(await repo.delete(tx, auth.tenantId, id))) throw errors.itemMissing();
      return null;
    },

    /** One use counted: a section copied, a file opened. */
    use: async ({ auth, tx }: TRequestContext, id: number) => {
      const used = await repo.countUse(tx, auth.tenantId, readerOf(auth), id);
      if (!used) throw errors.itemMissing();
      return used;
    },

    upload: (auth: TAuth, file: TUploadFile | undefined) =>
      deps.upload(auth, file, { types: resourceFileTypes, refusal: fileRefusal, isPrivate: true }),

    /** The five-minute address of a file item the reader may see. */
    link: async (ctx: TRequestContext, id: number) => {
      const row = await itemOf(ctx, id);
      if (!row.fileName) throw errors.notAFile();
      return deps.links.sign(filePath(ctx.auth.tenantId, row.fileName), fileLinkTtlMs);
    },

    /**
     * The file behind a signed address (the route checked the signature, which names the enterprise):
     * read in that enterprise's own transaction, so a name of another's finds nothing.
     */
    signedFile: async (tenantId: number, name: string) => {
      const stored = await withTenant(deps.database, tenantId, (tx) => deps.privateUpload(tx, name, true));
      if (!stored?.body || stored.tenantId !== tenantId) throw errors.fileMissing();
      return { body: stored.body, fileName: stored.originalName || name, mime: stored.mime, type: stored.type };
    },

    audience: async ({ auth, tx }: TRequestContext) => ({
      depts: await repo.depts(tx, auth.tenantId),
      roles: await repo.roles(tx, auth.tenantId),
    }),

    // ---- folders -------------------------------------------------------------------------------
    folders: ({ auth, tx }: TRequestContext): Promise<TResourceFolder[]> =>
      repo.folders(tx, auth.tenantId, readerOf(auth)),

    folderSave: async ({ auth, tx }: TRequestContext, input: TIn<'folderSave'>): Promise<TResourceFolder> => {
      try {
        if (input.id === undefined) {
          if ((await repo.folderCount(tx, auth.tenantId)) >= resourceLimits.folders) {
            throw errors.tooManyFolders(resourceLimits.folders);
          }
          const folder = await repo.insertFolder(tx, { tenantId: auth.tenantId, name: input.name, sort: input.sort });
          return { id: folder.id, name: folder.name, sort: folder.sort, itemCount: 0 };
        }
        const folder = await repo.updateFolder(tx, auth.tenantId, input.id, { name: input.name, sort: input.sort });
        if (!folder) throw errors.folderMissing();
        const itemCount = await repo.folderItemCount(tx, auth.tenantId, folder.id);
        return { id: folder.id, name: folder.name, sort: folder.sort, itemCount };
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.folderNameTaken(input.name);
        throw error;
      }
    },

    /** A folder goes only once it is empty: its items are moved or deleted first, never silently. */
    folderDelete: async ({ auth, tx }: TRequestContext, id: number) => {
      if (!(await repo.findFolder(tx, auth.tenantId, id))) throw errors.folderMissing();
      const count = await repo.folderItemCount(tx, auth.tenantId, id);
      if (count > 0) throw errors.folderNotEmpty(count);
      await repo.deleteFolder(tx, auth.tenantId, id);
      return null;
    },
  };
};

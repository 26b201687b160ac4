import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { crmSettingsRoutes, resourceRoutes, type TResourceKind, type TResourceSave } from '@yunhu/contract';
import { call, saveHref, upload } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = resourceRoutes;

export const resourceKeys = {
  /** The list's cache prefix (its page key). */
  items: 'resource-items',
  item: ['resource', 'item'] as const,
  folders: ['resource', 'folders'] as const,
  tags: ['resource', 'tags'] as const,
  audience: ['resource', 'audience'] as const,
  quick: ['resource', 'quick'] as const,
};

export const useFolders = () => useQuery({ queryKey: resourceKeys.folders, queryFn: () => call(r.folderList, {}) });
export const useTags = () => useQuery({ queryKey: resourceKeys.tags, queryFn: () => call(r.libraryTags, {}) });

/** The enterprise's departments and roles, asked only where an item's visibility is chosen. */
export const useAudience = (isEnabled: boolean) =>
  useQuery({ queryKey: resourceKeys.audience, queryFn: () => call(r.libraryAudience, {}), enabled: isEnabled });

export const useItem = (id: number | null) =>
  useQuery({
    queryKey: [...resourceKeys.item, id],
    queryFn: () => call(r.libraryInfo, { id: id! }),
    enabled: id !== null,
  });

/** How many items of a kind the side panel lists: the most used; a keyword finds the rest. */
export const PANEL_LIMIT = 20;

/**
 * The side panel's items of one kind the reader may see, most used first, by keyword (under the
 * list's cache prefix, so a change in the library refreshes them too).
 */
export const usePanelItems = (kind: TResourceKind, keyword: string) =>
  useQuery({
    queryKey: [resourceKeys.items, 'panel', kind, keyword],
    queryFn: () =>
      call(r.libraryPage, { kind, keyword: keyword || undefined, sort: 'uses', page: 1, limit: PANEL_LIMIT }),
    placeholderData: keepPreviousData,
  });

/** The call in hand, as far as the side panel's scripts go: the task it is made within, the line it is on. */
export type TScriptContext = { taskId?: number; lineId?: number | null };

/** The scripts the call in hand names (the task's, then the line's), shown first in the side panel. */
export const useLinkedScripts = ({ taskId, lineId }: TScriptContext) =>
  useQuery({
    queryKey: [resourceKeys.items, 'linked', taskId ?? null, lineId ?? null],
    queryFn: () => call(r.libraryLinked, { taskId, lineId: lineId ?? undefined }),
    enabled: taskId !== undefined || (lineId ?? null) !== null,
  });

/** How many scripts a select offers: the most used, or those its search finds in the whole library. */
const SCRIPT_OPTIONS_LIMIT = 200;

/** The scripts the reader may see, for the select of a task's or a line's script. */
export const useScriptOptions = (isEnabled: boolean, keyword = '') =>
  useQuery({
    queryKey: [resourceKeys.items, 'options', keyword],
    queryFn: () =>
      call(r.libraryPage, {
        kind: 'script',
        sort: 'uses',
        page: 1,
        limit: SCRIPT_OPTIONS_LIMIT,
        ...(keyword ? { keyword } : {}),
      }),
    enabled: isEnabled,
    // The options stay while the next search's arrive.
    placeholderData: keepPreviousData,
  });

/** The quick replies (the enterprise's shared ones and the person's own), by their own route. */
export const useQuickReplies = () =>
  useQuery({ queryKey: resourceKeys.quick, queryFn: () => call(crmSettingsRoutes.quickList, {}) });

const useRefreshing = <I, O>(fn: (input: I) => Promise<O>) =>
  useRefreshingMutation(fn, [[resourceKeys.items], resourceKeys.item, resourceKeys.folders, resourceKeys.tags]);

export const useSaveItem = () => useRefreshing((input: TResourceSave) => call(r.librarySave, input));
export const useDeleteItem = () => useRefreshing((id: number) => call(r.libraryDelete, { id }));
export const useSaveFolder = () =>
  useRefreshing((input: { id?: number; name: string; sort?: number }) => call(r.folderSave, input));
export const useDeleteFolder = () => useRefreshing((id: number) => call(r.folderDelete, { id }));

/** Counts one use of an item (a section copied, a file opened); a failure to count stops nothing. */
export const countUse = (id: number) => call(r.libraryUse, { id }).catch(() => undefined);

/** Stores a file privately; resolves the name the item refers to it by. */
export const uploadLibraryFile = async (file: File) => (await upload(r.libraryUpload, file)).url.split('/').pop()!;

/** The five-minute signed address of a file item (its preview, or its download). */
export const fileLink = async (id: number) => (await call(r.libraryLink, { id })).url;

export const downloadFile = async (id: number, name: string) => {
  saveHref(await fileLink(id), name);
  void countUse(id);
};

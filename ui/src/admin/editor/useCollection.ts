import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/ui/toast';
import { ApiError, apiRequest, describeError } from '../api';
import { LIVE_LIST } from '../queryClient';
import { toastFailure, toastSuccess } from '../feedback';
import type { SaveResult } from './RecordForm';
import type { EditorWords } from './words';

/** A save refused because the record was saved elsewhere since it was read. */
export const isClash = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && /elsewhere|version/i.test(error.serverMessage ?? '');

/** One page of an admin list (`?offset=&limit=`, docs/admin-api.md). */
export interface ListPage<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/**
 * The first `shown` records of a list, one call; 'Show more' asks for a longer first stretch, so a
 * reload (after every write) brings back what is on screen in one call too. Without `pageSize`
 * the whole list, SPEC's plain array.
 */
function useListQuery<T>(path: string, pageSize: number | undefined) {
  const [shown, setShown] = useState(pageSize ?? 0);
  const whole = useQuery<T[]>({ queryKey: [path], enabled: pageSize === undefined, ...LIVE_LIST });
  const pageKey = [path, 'first', shown] as const;
  const paged = useQuery<ListPage<T>>({
    queryKey: pageKey,
    queryFn: () => apiRequest<ListPage<T>>('GET', `${path}?offset=0&limit=${shown}`),
    enabled: pageSize !== undefined,
    ...LIVE_LIST,
    // 'Show more' keeps the list on screen while the longer stretch loads.
    placeholderData: keepPreviousData,
  });
  if (pageSize === undefined) return { query: whole, key: [path] as readonly unknown[], more: null };
  const query = {
    ...paged,
    data: paged.data?.items,
    refetch: async () => {
      const fresh = await paged.refetch();
      return { ...fresh, data: fresh.data?.items };
    },
  } as unknown as UseQueryResult<T[]>;
  const total = paged.data?.total ?? 0;
  const loaded = paged.data?.items.length ?? 0;
  const more =
    paged.data && total > loaded
      ? { loaded, total, loading: paged.isPlaceholderData, showMore: () => setShown(loaded + pageSize) }
      : null;
  return { query, key: pageKey as readonly unknown[], more };
}

/**
 * One admin list (hero slides, projects, news, testimonials): its query, and create, save, delete
 * with Undo, and reorder, each followed by a toast in the editor's words and a reload of the list.
 * Every call resolves (never throws): to the answer, or to null after a failure toast.
 */
export function useCollection<T extends { id: number }, P>({
  path,
  words,
  payloadOf,
  pageSize,
}: {
  path: string;
  words: EditorWords;
  /** The fields of a record, to create it again from the Undo of its deletion. */
  payloadOf: (item: T) => P;
  /** Load this many records first and more on 'Show more', so that a long list opens fast. */
  pageSize?: number;
}) {
  const queryClient = useQueryClient();
  const { query, key, more } = useListQuery<T>(path, pageSize);
  const [busy, setBusy] = useState<number | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: [path] });

  const call = async <R,>(
    method: string,
    url: string,
    body: unknown,
    success: string | null,
    failure: string,
    action?: { label: string; onClick: () => void },
  ): Promise<R | null> => {
    try {
      const answer = await apiRequest<R>(method, url, body);
      if (success) toastSuccess(success, action);
      return answer;
    } catch (error) {
      if (isClash(error)) {
        // Saved elsewhere first (another tab or person): nothing was overwritten; offer the fresh copy.
        toast({ variant: 'destructive', title: failure, description: describeError(error), action: { label: 'Reload', onClick: () => void reload() } });
      } else {
        toastFailure(failure, error);
      }
      return null;
    } finally {
      void reload();
    }
  };

  const create = (payload: P, success = words.created) => call<T>('POST', path, payload, success, words.createFailed);

  /** `version`: the one the record was read with, so that a save over a newer one is refused (409). */
  const update = (id: number, payload: P, version?: number, success = words.saved) =>
    call<T>('PUT', `${path}/${id}`, version === undefined ? payload : { ...payload, version }, success, words.saveFailed);

  // SPEC §2: delete acts at once, without asking; the toast's Undo creates the record again.
  const remove = async (item: T) => {
    setBusy(item.id);
    const fields = payloadOf(item);
    await call<null>('DELETE', `${path}/${item.id}`, undefined, words.deleted, words.deleteFailed, {
      label: 'Undo',
      onClick: () => void create(fields, words.restored),
    });
    setBusy(null);
  };

  /**
   * Sends the whole new order in one write; the list shows it at once and the server's answer
   * replaces it. `ids`: the records on screen in their new order; those not loaded yet keep their
   * places after them.
   */
  const reorder = async (ids: number[]) => {
    const before = query.data;
    if (before) {
      const byId = new Map(before.map((item) => [item.id, item]));
      const moved = ids.flatMap((id, index) => {
        const item = byId.get(id);
        return item ? [{ ...item, order: index }] : [];
      });
      queryClient.setQueryData(key, (old: T[] | ListPage<T> | undefined) => (Array.isArray(old) || !old ? moved : { ...old, items: moved }));
    }
    let all = ids;
    if (more) {
      try {
        const rest = await apiRequest<ListPage<T>>('GET', `${path}?offset=${ids.length}&limit=1000`);
        all = [...ids, ...rest.items.map((item) => item.id).filter((id) => !ids.includes(id))];
      } catch (error) {
        toastFailure(words.reorderFailed, error);
        void reload();
        return null;
      }
    }
    return call<T[]>('PUT', `${path}/order`, { ids: all }, null, words.reorderFailed);
  };

  return { path, query, more, busy, create, update, remove, reorder, reload };
}

/** Which form an editor shows: none, a new record's, or one record's. */
export type FormState<T> = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T };

/**
 * useCollection plus the editor's form: Save creates or replaces and closes the form when it worked;
 * deleting the record being edited closes its form first.
 */
export function useEditor<T extends { id: number }, P>(options: Parameters<typeof useCollection<T, P>>[0] & { startCreating?: boolean }) {
  const collection = useCollection<T, P>(options);
  const { path, words } = options;
  const [form, setForm] = useState<FormState<T>>(options.startCreating ? { mode: 'create' } : { mode: 'closed' });

  /**
   * Creates or replaces; closes the form when it worked. A refusal (400, or 409 for a taken web
   * address) is handed back for the form to mark its field; a clash hands back the record as the
   * other save left it, and the form stays open with what the owner typed. `version`: the one to
   * save over, after a clash the other save's ('Keep mine').
   */
  const save = async (payload: P, version?: number): Promise<SaveResult<T>> => {
    const editing = form.mode === 'edit' ? form.item : null;
    try {
      if (editing) {
        const sent = version ?? (editing as { version?: number }).version;
        await apiRequest<T>('PUT', `${path}/${editing.id}`, sent === undefined ? payload : { ...payload, version: sent });
        toastSuccess(words.saved);
      } else {
        await apiRequest<T>('POST', path, payload);
        toastSuccess(words.created);
      }
      setForm({ mode: 'closed' });
      return { ok: true };
    } catch (error) {
      if (editing && isClash(error)) {
        const fresh = await collection.query.refetch();
        const theirs = fresh.data?.find((item) => item.id === editing.id);
        toastFailure('Saved elsewhere while you were editing', undefined, 'Your changes are still here: keep yours or take theirs field by field.');
        return { ok: false, theirs };
      }
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) return { ok: false, refused: error };
      toastFailure(editing ? words.saveFailed : words.createFailed, error);
      return { ok: false };
    } finally {
      void collection.reload();
    }
  };

  const remove = (item: T) => {
    if (form.mode === 'edit' && form.item.id === item.id) setForm({ mode: 'closed' });
    void collection.remove(item);
  };

  return { ...collection, form, setForm, save, remove };
}

import type { TDb } from '../../db/client.js';
import type { TAuth } from '../../http/context.js';
import { clueMatchRepository as matchRepo } from './clue-match.repository.js';

/**
 * 空号检测 of a 批量匹配 result: the mobiles of its unlocked companies' contacts, for the batch's owner
 * (or an administrator) once its matches are kept; null when there is no such batch for him.
 */
export const clueMatchMobiles = async (tx: TDb, auth: TAuth, batchId: string): Promise<string[] | null> => {
  const batch = await matchRepo.batch(tx, auth.tenantId, batchId, 'clue-match');
  const isMine = batch && (batch.userId === auth.userId || auth.isAdmin || auth.isSuper);
  if (!isMine || batch.status === 'previewed' || batch.status === 'checking') return null;
  return matchRepo.mobiles(tx, auth.tenantId, batchId);
};

import type { crmRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TCrmService } from './crm.service.js';

/**
 * The customer, pool and recycle-bin routes of the table (its statistics are crm-census's, its
 * department options the org area's).
 */
export type TCrmHandlers = Omit<THandlers<typeof crmRoutes>, 'ownerLogPage' | 'census' | 'deptOptions'>;

export const crmHandlers = ({ customer, pool, recycle, calling }: TCrmService): TCrmHandlers => ({
  customerPage: (ctx) => customer.page(ctx, 'private', ctx.input),
  poolPage: (ctx) => customer.page(ctx, 'public', ctx.input),
  assignees: (ctx) => pool.assignees(ctx, ctx.input.keyword),
  customerDetail: (ctx) => customer.detail(ctx, ctx.input.id, 'private'),
  poolDetail: (ctx) => customer.detail(ctx, ctx.input.id, 'public'),
  privateNeighbours: (ctx) => customer.neighbours(ctx, 'private', ctx.input),
  poolNeighbours: (ctx) => customer.neighbours(ctx, 'public', ctx.input),
  existOther: (ctx) => customer.existOther(ctx, ctx.input.mobile, ctx.input.excludeId),
  customerCreate: (ctx) => customer.create(ctx, ctx.input),
  poolCreate: (ctx) => customer.create(ctx, { ...ctx.input, ownerId: null }),
  customerUpdate: (ctx) => customer.update(ctx, ctx.input, 'private'),
  poolUpdate: (ctx) => customer.update(ctx, ctx.input, 'public'),
  timeline: (ctx) => customer.timeline(ctx, ctx.input.customerId, ctx.input.kinds),
  followAdd: (ctx) => customer.followAdd(ctx, ctx.input),
  commentAdd: (ctx) => customer.commentAdd(ctx, ctx.input),
  claim: (ctx) => pool.claim(ctx, ctx.input.ids),
  allocationCheck: (ctx) => pool.allocationCheck(ctx, ctx.input.ids, ctx.input.userIds),
  allocate: (ctx) => pool.allocate(ctx, ctx.input.ids, [ctx.input.userId], ctx.input.reason),
  allocateEven: (ctx) => pool.allocate(ctx, ctx.input.ids, ctx.input.userIds, ctx.input.reason),
  release: (ctx) => pool.release(ctx, ctx.input.ids, ctx.input.reason),
  releaseByCondition: (ctx) => pool.releaseByCondition(ctx, ctx.input.filter, ctx.input.reason),
  transfer: (ctx) => pool.transfer(ctx, ctx.input),
  recycle: (ctx) => pool.recycle(ctx, 'public', ctx.input.ids, ctx.input.reason),
  privateRecycle: (ctx) => pool.recycle(ctx, 'private', ctx.input.ids, ctx.input.reason),
  recycleByCondition: (ctx) => pool.recycleByCondition(ctx, 'public', ctx.input.filter, ctx.input.reason),
  privateRecycleByCondition: (ctx) => pool.recycleByCondition(ctx, 'private', ctx.input.filter, ctx.input.reason),
  updateLevel: (ctx) => pool.updateLevel(ctx, ctx.input),
  updateLabelOrDeal: (ctx) => pool.updateLabelOrDeal(ctx, ctx.input),
  updateProtected: (ctx) => pool.updateProtected(ctx, ctx.input),
  updateTags: (ctx) => pool.updateTags(ctx, ctx.input),
  recyclePage: (ctx) => recycle.page(ctx, ctx.input),
  recycleDetail: (ctx) => recycle.detail(ctx, ctx.input.id),
  recover: (ctx) => recycle.recover(ctx, [ctx.input.id]),
  recoverBatch: (ctx) => recycle.recover(ctx, ctx.input.ids),
  purge: (ctx) => recycle.purge(ctx, [ctx.input.id]),
  purgeBatch: (ctx) => recycle.purge(ctx, ctx.input.ids),
  purgeAll: (ctx) => recycle.purgeAll(ctx),
  callClaim: (ctx) => calling.claim(ctx, ctx.input.customerId),
  callRelease: (ctx) => calling.release(ctx, ctx.input.customerId),
  customerIdByMobile: (ctx) => calling.customerIdByMobile(ctx, ctx.input.mobile),
  octCustomerInfo: (ctx) => calling.card(ctx, ctx.input.id),
});

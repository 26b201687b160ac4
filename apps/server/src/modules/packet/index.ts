// The packet area's one door: other areas, app.ts and main.ts import only this file.
// The trade area prices orders with `enabledProducts` and grants paid ones with `grantPackets`;
// `TPricesFor` is the agent-price port this area and the seat area are given by app.ts.

// Resellers: the agent's own packages (catalogue rows it owns), the base rule and the buyer's wall.
export { agentPacketRepository, type TAgentPacketFields, type TBuyer } from './agent-packet.repository.js';
export { packetErrors } from './packet.errors.js';
export { packetHandlers } from './packet.routes.js';
export { packetProducts, packets } from './packet.schema.js';
// The trade area: `lockPacket` and `setPacketStatus` for 退订 of a bought package (frozen, refunded, released).
export {
  createPacketService,
  enabledProducts,
  grantPackets,
  lockPacket,
  setPacketStatus,
  type TBuyableProduct,
  type TPacketService,
  type TPricesFor,
} from './packet.service.js';
// Billing's charge in fewer round trips: the usable packages locked by its rating read, drawn on in its charge's statement.
export { drawPacketSeconds, usablePacketsForUpdate } from './packet-draw.repository.js';
// 套餐共享's one rule (who may draw on a package), for the dial guard's count of a person's package seconds.
export { usableBy } from './packet-share.repository.js';
// The trade area's 为员工购买套餐: who may be chosen, and the paid order's packages given to them.
export { activeTenantUsers, restrictOrderPackets } from './packet-share.service.js';
// When a bought package is live (有效) or used, expired, frozen, ended: for rows in memory and in SQL.
export { packetState, type TPacketStateFields, whyPacketNotLive } from './packet-state.js';
export { livePacketSql } from './packet-state.repository.js';
// Resellers: 套餐转移 closes the agent's enterprise's package and grants its remainder to another.
export { packetTransferRepository, type TTransferGrant } from './packet-transfer.repository.js';
// Billing takes call seconds from the packages, earliest expiry first.
export { type TPacketTake, takePacketSeconds } from './packet-usage.repository.js';

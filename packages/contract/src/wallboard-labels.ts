// 实时监控's labels, apart from the zod schema so the web reaches them without zod.

/** Where a person with a seat stands now: not registered, registered and free, ringing, talking. */
export const wallboardStates = ['offline', 'idle', 'ringing', 'talking'] as const;
export type TWallboardState = (typeof wallboardStates)[number];

export const wallboardStateLabels: Record<TWallboardState, string> = {
  offline: '离线',
  idle: '在线空闲',
  ringing: '振铃',
  talking: '通话中',
};

/** How often the page asks again (ms): one cheap statement per poll. */
export const wallboardPollMs = 5_000;

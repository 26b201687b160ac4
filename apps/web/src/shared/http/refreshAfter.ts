/** Wraps an action so that the lists it changed are refetched before its caller continues (a row's new state shows at once). */
export const refreshAfter =
  (refresh: () => Promise<unknown>) =>
  <A extends unknown[], T>(fn: (...a: A) => Promise<T>) =>
  async (...a: A): Promise<T> => {
    const result = await fn(...a);
    await refresh();
    return result;
  };

type TPhone = typeof import('./phone');

/**
 * The JsSIP stack (phone.ts) in its own chunk: fetched when the line config says this
 * user has a soft-phone seat, or when he acts on the phone; everybody else never downloads it.
 */
let loading: Promise<TPhone> | null = null;
let loaded: TPhone | null = null;

export const loadPhone = (): Promise<TPhone> => {
  loading ??= import('./phone').then((phone) => {
    loaded = phone;
    return phone;
  });
  return loading;
};

/** The stack when it is already here (nothing to stop otherwise), without fetching it. */
export const loadedPhone = (): TPhone | null => loaded;

/** An event handler that runs `act` on the stack, fetching it first when needed. */
export const withPhone = (act: (phone: TPhone) => unknown) => (): void => {
  void loadPhone().then(act);
};

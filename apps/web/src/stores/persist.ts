/**
 * SPEC 3: the whole store is saved to sessionStorage under 'store' on page unload and restored on
 * load. Each store registers a slice; `restoreAll` runs once before the first render.
 */
export const STORE_KEY = 'store';

type TSlice = { save: () => unknown; restore: (value: unknown) => void };
const slices = new Map<string, TSlice>();

export function registerPersistedSlice(name: string, slice: TSlice): void {
  slices.set(name, slice);
  const saved = readSaved()[name];
  if (saved !== undefined) slice.restore(saved);
}

function readSaved(): Record<string, unknown> {
  try {
    const raw = sessionStorage.getItem(STORE_KEY);
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function saveAll(): void {
  // Slices of stores whose code has not loaded yet on this page (a lazily loaded layout) keep what
  // was saved for them; only the registered ones are written afresh.
  const out: Record<string, unknown> = readSaved();
  for (const [name, slice] of slices) out[name] = slice.save();
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(out));
  } catch {
    // storage full or disabled: the session simply is not restored on reload
  }
}

export function installUnloadSave(): void {
  window.addEventListener('pagehide', saveAll);
  window.addEventListener('beforeunload', saveAll);
}

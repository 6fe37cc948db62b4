import { create } from 'zustand';

/** SPEC 3 "Error log": uncaught UI errors, kept in production builds only (SPEC 2 site defaults). */
export interface TErrorLogEntry {
  error: string;
  component: string;
  info: string;
  url: string;
  time: number;
}

interface TErrorLogState {
  logs: TErrorLogEntry[];
  add: (entry: TErrorLogEntry) => void;
  clear: () => void;
}

export const useErrorLog = create<TErrorLogState>()((set) => ({
  logs: [],
  add: (entry) => set((s) => ({ logs: [...s.logs, entry].slice(-100) })),
  clear: () => set({ logs: [] }),
}));
